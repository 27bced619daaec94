package engine

// CallContext exports callContext to the external tests.
var CallContext = callContext

// CallerPCs exports callerPCs to the external tests.
var CallerPCs = callerPCs
