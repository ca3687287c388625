import Testing
@testable import Calculator

@Suite struct KeyTokensTests {
    @Test(arguments: ["7 × 6 =", "7\t×\t6\t=", "7\n×\n6\n=", "7\r\n×\r\n6\r\n=\r\n", "7\r×\r6\r="])
    func everyLineEndingSeparatesTokens(text: String) throws {
        let keys = try KeyTokens.parse(text).get()
        #expect(keys == [.digit(7), .binary(.multiply), .digit(6), .equals])
    }

    @Test func digitsAreTypedKeyByKeyAndAnUnknownTokenIsNamed() {
        #expect((try? KeyTokens.parse("73.5").get()) == [.digit(7), .digit(3), .point, .digit(5)])
        #expect(KeyTokens.parse("7 frob =") == .failure(KeyTokens.UnknownToken(token: "frob")))
    }
}
