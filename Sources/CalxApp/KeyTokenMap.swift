import Platform

/// Keyboard keycodes (linux/input-event-codes.h), as Platform reports them, to calculator key tokens;
/// KioskClient maps these through CalculatorKey(token:).
enum KeyTokenMap {
    static func token(for press: KeyPress) -> String? { token(keycode: press.code, shift: press.shift) }

    static func token(keycode: UInt16, shift: Bool) -> String? {
        if shift {
            switch keycode {
            case 13: return "+"          // KEY_EQUAL with shift
            case 9: return "*"           // KEY_8
            case 10: return "("          // KEY_9
            case 11: return ")"          // KEY_0
            default: break
            }
        }
        switch keycode {
        case 2...10: return String(keycode - 1)   // KEY_1...KEY_9
        case 11: return "0"
        case 71...73: return String(keycode - 64) // KP7..KP9
        case 75...77: return String(keycode - 71) // KP4..KP6
        case 79...81: return String(keycode - 78) // KP1..KP3
        case 82: return "0"
        case 179: return "("   // KEY_KPLEFTPAREN
        case 180: return ")"   // KEY_KPRIGHTPAREN
        case 78: return "+"    // KEY_KPPLUS
        case 12, 74: return "-"
        case 55: return "*"
        case 53, 98: return "/"
        case 52, 83: return "."
        case 13, 28, 96, 117: return "="  // KEY_EQUAL, ENTER, KPENTER, KPEQUAL
        case 14: return "⌫"
        case 1: return "C"
        default: return nil
        }
    }
}
