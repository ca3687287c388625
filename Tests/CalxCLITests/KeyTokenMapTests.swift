import Platform
import Testing
@testable import CalxApp

/// Keyboard codes become calculator tokens in calx, not in Platform, which reports codes only.
@Test func keyTokens() {
    #expect(KeyTokenMap.token(keycode: 2, shift: false) == "1")
    #expect(KeyTokenMap.token(keycode: 11, shift: false) == "0")
    #expect(KeyTokenMap.token(keycode: 28, shift: false) == "=")
    #expect(KeyTokenMap.token(keycode: 13, shift: true) == "+")
    #expect(KeyTokenMap.token(keycode: 14, shift: false) == "⌫")
    #expect(KeyTokenMap.token(keycode: 1, shift: false) == "C")
    #expect(KeyTokenMap.token(keycode: 30, shift: false) == nil)
}

@Test func aKeyPressCarriesItsShift() {
    #expect(KeyTokenMap.token(for: KeyPress(code: 13, shift: true)) == "+")
    #expect(KeyTokenMap.token(for: KeyPress(code: 13, shift: false)) == "=")
    #expect(KeyTokenMap.token(for: KeyPress(code: 9, shift: true)) == "*")
}
