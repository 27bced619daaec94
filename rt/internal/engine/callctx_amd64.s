#include "textflag.h"

// func callerPCs(pcs []uintptr) int
// No frame of its own: BP is its caller's frame pointer, whose slot holds
// the next frame pointer and is followed by the frame's return address.
// The walk stops at a frame pointer outside the goroutine's stack
// [g.stack.lo, g.stack.hi) (the first two words of the runtime's g) or not
// above the previous one, so that it never follows a pointer that C code
// (a cgo callback's caller) left in BP.
TEXT ·callerPCs(SB),NOSPLIT|NOFRAME,$0-32
	MOVQ pcs_base+0(FP), DI
	MOVQ pcs_len+8(FP), CX
	MOVQ (TLS), R8
	MOVQ 0(R8), R9         // g.stack.lo
	MOVQ 8(R8), R10        // g.stack.hi
	SUBQ $16, R10          // room for the two words read
	MOVQ BP, AX
	XORQ DX, DX
loop:
	CMPQ DX, CX
	JGE done
	CMPQ AX, R9
	JB done
	CMPQ AX, R10
	JA done
	MOVQ 8(AX), BX
	MOVQ BX, (DI)(DX*8)
	INCQ DX
	MOVQ AX, R11
	MOVQ 0(AX), AX
	CMPQ AX, R11
	JBE done
	JMP loop
done:
	MOVQ DX, ret+24(FP)
	RET
