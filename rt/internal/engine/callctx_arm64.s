#include "textflag.h"

// func callerPCs(pcs []uintptr) int
// No frame of its own: R29 is its caller's frame pointer, whose slot holds
// the next frame pointer and is followed by the frame's return address.
// The walk stops at a frame pointer outside the goroutine's stack
// [g.stack.lo, g.stack.hi) (the first two words of the runtime's g) or not
// above the previous one, so that it never follows a pointer that C code
// (a cgo callback's caller) left in R29.
TEXT ·callerPCs(SB),NOSPLIT|NOFRAME,$0-32
	MOVD pcs_base+0(FP), R0
	MOVD pcs_len+8(FP), R1
	MOVD 0(g), R5          // g.stack.lo
	MOVD 8(g), R6          // g.stack.hi
	SUB $16, R6            // room for the two words read
	MOVD R29, R2
	MOVD $0, R3
loop:
	CMP R1, R3
	BGE done
	CMP R5, R2
	BLO done
	CMP R6, R2
	BHI done
	MOVD 8(R2), R4
	MOVD R4, (R0)(R3<<3)
	ADD $1, R3
	MOVD R2, R7
	MOVD 0(R2), R2
	CMP R7, R2
	BLS done
	B loop
done:
	MOVD R3, ret+24(FP)
	RET
