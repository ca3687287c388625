// The elementary functions come from the C runtime's libm, declared with the C calling
// convention so that this pure module imports no C module (not even Glibc).
@_extern(c, "sin") func libm_sin(_ x: Double) -> Double
@_extern(c, "cos") func libm_cos(_ x: Double) -> Double
@_extern(c, "tan") func libm_tan(_ x: Double) -> Double
@_extern(c, "asin") func libm_asin(_ x: Double) -> Double
@_extern(c, "acos") func libm_acos(_ x: Double) -> Double
@_extern(c, "atan") func libm_atan(_ x: Double) -> Double
@_extern(c, "log") func libm_log(_ x: Double) -> Double
@_extern(c, "log10") func libm_log10(_ x: Double) -> Double
@_extern(c, "exp") func libm_exp(_ x: Double) -> Double
@_extern(c, "pow") func libm_pow(_ x: Double, _ y: Double) -> Double
@_extern(c, "cbrt") func libm_cbrt(_ x: Double) -> Double
@_extern(c, "floor") func libm_floor(_ x: Double) -> Double
