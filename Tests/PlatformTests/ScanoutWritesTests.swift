import Raster
import SeededRandom
import Testing
@testable import Platform

/// DRM's double buffering as `DRMDisplay.present` runs it: the kiosk draws into the shadow, the back
/// page is brought up to date and flipped to. Pages are test memory standing in for dumb buffers.
@Suite struct ScanoutWritesTests {
    @Test(arguments: ScreenRotation.allCases)
    func everyFlipShowsThePictureAndWritesOnlyWhatThePageLacks(rotation: ScreenRotation) {
        let fake = FakeFramebuffer(width: 23, height: 17, format: .xrgb8888, pages: 2)
        let pages = fake.pages.map(ScanoutPage.init)
        var shadow = ShadowFrame(scanout: pages[0], rotation: rotation, pages: 2)
        let picture = shadow.picture.buffer
        var random = SplitMix64(seed: 0xD0B + UInt64(rotation.degrees))
        var back = 0
        // What each page lacks, kept by the test itself: everything at first, then the frames since.
        var lacks: [[IntRect]] = [[picture.bounds], [picture.bounds]]
        for frame in 0..<40 {
            let damage = frame == 0 ? picture.bounds : randomRect(in: picture.bounds, &random)
            paint(picture, damage, &random)
            let before = snapshot(fake.pages[back])
            shadow.update(page: back, of: pages[back], damage: [damage])
            // Only what the page lacked, plus this frame, may change in it.
            let allowed = (lacks[back] + [damage]).map { rotation.scanoutRect($0, width: picture.width, height: picture.height) }
            let changed = changedPixels(before, fake.pages[back])
            #expect(changed.allSatisfy { p in allowed.contains { $0.contains(x: p.x, y: p.y) } }, "frame \(frame): wrote outside")
            expectShows(fake.pages[back], turned: rotation, picture, "\(rotation) frame \(frame)")
            lacks[back] = []
            lacks[back ^ 1].append(damage)
            back ^= 1
        }
    }

    private func randomRect(in bounds: IntRect, _ random: inout SplitMix64) -> IntRect {
        let x = random.below(bounds.width), y = random.below(bounds.height)
        return IntRect(x: x, y: y, width: 1 + random.below(bounds.width - x), height: 1 + random.below(bounds.height - y))
    }

    private func snapshot(_ page: PixelBuffer) -> [[UInt32]] {
        (0..<page.height).map { Array(page.row32($0)) }
    }

    private func changedPixels(_ before: [[UInt32]], _ page: PixelBuffer) -> [(x: Int, y: Int)] {
        var changed: [(x: Int, y: Int)] = []
        for y in 0..<page.height { for x in 0..<page.width where page.row32(y)[x] != before[y][x] { changed.append((x, y)) } }
        return changed
    }
}
