package reflectmem

import "reflect"

// Bump increments the integer p points to through reflection, as a
// configuration loader or a generic counter does.
func Bump(p *int) int64 {
	v := reflect.ValueOf(p).Elem()
	v.SetInt(v.Int() + 1)
	return v.Int()
}

// Assign stores x into the variable p points to.
func Assign(p any, x any) {
	reflect.ValueOf(p).Elem().Set(reflect.ValueOf(x))
}

// Fields reads every field of the struct s points to.
func Fields(s any) []any {
	v := reflect.ValueOf(s).Elem()
	out := make([]any, 0, v.NumField())
	for i := range v.NumField() {
		out = append(out, v.Field(i).Interface())
	}
	return out
}

// CopyInto copies src into dst.
func CopyInto(dst, src []byte) int {
	return reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf(src))
}
