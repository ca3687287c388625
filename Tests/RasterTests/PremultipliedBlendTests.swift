import Raster
import Testing

@Suite struct PremultipliedBlendTests {
    @Test func exactAtTheEnds() {
        for dst: UInt32 in [0x000000, 0xFFFFFF, 0x123456, 0xFF00FF] {
            #expect(Blend.overPremultiplied(dst, 0x0000_0000) == dst)
            #expect(Blend.overPremultiplied(dst, 0xFF12_3456) == 0x123456)
            #expect(Blend.over(dst, Color(rgb: 0xABCDEF), coverage: 0) == dst)
            #expect(Blend.over(dst, Color(rgb: 0xABCDEF), coverage: 255) == 0xABCDEF)
        }
    }

    @Test func agreesWithStraightAlphaWithinRounding() {
        var seed: UInt64 = 11
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let dst = UInt32(truncatingIfNeeded: seed >> 8) & 0xFF_FFFF
            let c = Color(red: UInt8(truncatingIfNeeded: seed >> 32), green: UInt8(truncatingIfNeeded: seed >> 40),
                          blue: UInt8(truncatingIfNeeded: seed >> 48), alpha: UInt8(truncatingIfNeeded: seed >> 56))
            let straight = Blend.over(dst, c, coverage: 255)
            let premul = Blend.overPremultiplied(dst, Blend.premultiplied(c))
            for shift: UInt32 in [0, 8, 16] {
                let d = Int((straight >> shift) & 0xFF) - Int((premul >> shift) & 0xFF)
                #expect(abs(d) <= 1, "\(c) over \(dst)")
            }
        }
    }
}
