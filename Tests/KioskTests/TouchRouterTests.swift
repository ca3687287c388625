import Calculator
@testable import Kiosk
import Raster
import Testing

/// The touch router on its own: fingers in, intents out, against a made-up screen with no drawing.
/// Left of x = 100 is one key ("7"), from x = 100 the graph, and a Reset key in its top corner.
@Suite struct TouchRouterTests {
    struct Board: TouchTargets {
        let seven = IntRect(x: 0, y: 0, width: 100, height: 100)
        let reset = IntRect(x: 150, y: 0, width: 50, height: 20)
        func landing(at p: Point) -> TouchLanding {
            if reset.covers(p) { return .pane(.reset) }
            if p.x >= 100 { return .graph }
            return .key(seven.covers(p) ? .digit(7) : nil)
        }
        func isNear(_ landing: TouchLanding, _ p: Point) -> Bool {
            switch landing {
            case .key(.some): seven.isNear(p, slop: slop)
            case .pane: reset.isNear(p, slop: slop)
            default: false
            }
        }
        var slop: Double { 10 }
    }
    let board = Board()

    @Test func aKeyTapsOnReleaseNearItAndShowsPressedMeanwhile() {
        var router = TouchRouter()
        #expect(router.down(1, at: Point(x: 50, y: 50), time: 0, on: board).isEmpty)
        #expect(router.pressedKey == .digit(7))
        #expect(router.moved(1, to: Point(x: 150, y: 50), on: board).isEmpty)
        #expect(router.pressedKey == nil, "slid off")
        #expect(router.moved(1, to: Point(x: 105, y: 50), on: board).isEmpty)
        #expect(router.pressedKey == .digit(7), "back within the slop")
        #expect(router.up(1, at: Point(x: 105, y: 50), time: 0.1, cancelled: false, on: board) == [.keyTap(.digit(7))])
        #expect(router.pressedKey == nil)
        // Released far away, or cancelled: nothing.
        _ = router.down(2, at: Point(x: 50, y: 50), time: 1, on: board)
        #expect(router.up(2, at: Point(x: 300, y: 50), time: 1.1, cancelled: false, on: board).isEmpty)
        _ = router.down(3, at: Point(x: 50, y: 50), time: 2, on: board)
        #expect(router.up(3, at: Point(x: 50, y: 50), time: 2.1, cancelled: true, on: board).isEmpty)
    }

    /// A list's row: a tap presses it, a drag past the slop lets it go and scrolls the list by the whole
    /// drag, and then taps nothing.
    @Test func aDragOnAListScrollsItAndTapsNoRow() {
        struct List: TouchTargets {
            let row = IntRect(x: 0, y: 0, width: 100, height: 40)
            func landing(at p: Point) -> TouchLanding { .list(row.covers(p) ? .history(3) : nil) }
            func isNear(_ landing: TouchLanding, _ p: Point) -> Bool { if case .list(.some) = landing { row.isNear(p, slop: slop) } else { false } }
            var slop: Double { 10 }
        }
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 50, y: 20), time: 0, on: List())
        #expect(router.pressedKey == .history(3))
        #expect(router.moved(1, to: Point(x: 50, y: 15), on: List()).isEmpty, "inside the slop")
        #expect(router.moved(1, to: Point(x: 50, y: 5), on: List()) == [.listScroll(dy: -15)])
        #expect(router.pressedKey == nil)
        #expect(router.moved(1, to: Point(x: 52, y: 25), on: List()) == [.listScroll(dy: 20)])
        #expect(router.up(1, at: Point(x: 50, y: 20), time: 0.3, cancelled: false, on: List()).isEmpty)
        // A tap still taps.
        _ = router.down(2, at: Point(x: 50, y: 20), time: 1, on: List())
        #expect(router.up(2, at: Point(x: 52, y: 22), time: 1.1, cancelled: false, on: List()) == [.keyTap(.history(3))])
    }

    @Test func oneFingerAtATimeHoldsTheKeys() {
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 50, y: 50), time: 0, on: board)
        _ = router.down(2, at: Point(x: 160, y: 5), time: 0, on: board)
        #expect(router.pressedPaneKey == nil, "the second finger is ignored")
        #expect(router.up(2, at: Point(x: 160, y: 5), time: 0.1, cancelled: false, on: board).isEmpty)
        #expect(router.up(1, at: Point(x: 50, y: 50), time: 0.1, cancelled: false, on: board) == [.keyTap(.digit(7))])
        _ = router.down(3, at: Point(x: 160, y: 5), time: 1, on: board)
        #expect(router.pressedPaneKey == .reset)
        #expect(router.up(3, at: Point(x: 160, y: 5), time: 1.1, cancelled: false, on: board) == [.paneTap(.reset)])
    }

    @Test func aDragPansByTheWholeDragAndAPinchZooms() {
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 200, y: 200), time: 0, on: board)
        #expect(router.moved(1, to: Point(x: 205, y: 200), on: board).isEmpty, "inside the slop")
        #expect(router.moved(1, to: Point(x: 220, y: 200), on: board) == [.pan(dx: 20, dy: 0)])
        #expect(router.moved(1, to: Point(x: 230, y: 210), on: board) == [.pan(dx: 10, dy: 10)])
        _ = router.down(2, at: Point(x: 330, y: 210), time: 0.1, on: board)
        // Spread 100 → 200 about the old centroid (280, 210); the centroid moves by 50.
        #expect(router.moved(2, to: Point(x: 430, y: 210), on: board)
                == [.pinch(scale: 2, center: Point(x: 280, y: 210), dx: 50, dy: 0)])
        // Lifting one finger of a pinch is no tap; the other goes on panning.
        #expect(router.up(2, at: Point(x: 430, y: 210), time: 0.2, cancelled: false, on: board).isEmpty)
        #expect(router.moved(1, to: Point(x: 231, y: 210), on: board) == [.pan(dx: 1, dy: 0)])
    }

    @Test func twoQuickTapsNearEachOtherAreADoubleTap() {
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 200, y: 200), time: 0, on: board)
        #expect(router.up(1, at: Point(x: 200, y: 200), time: 0.05, cancelled: false, on: board).isEmpty)
        _ = router.down(1, at: Point(x: 204, y: 203), time: 0.2, on: board)
        #expect(router.up(1, at: Point(x: 204, y: 203), time: 0.25, cancelled: false, on: board) == [.doubleTap(Point(x: 204, y: 203))])
        // Too late for a double tap: a single tap again.
        _ = router.down(1, at: Point(x: 200, y: 200), time: 1, on: board)
        _ = router.up(1, at: Point(x: 200, y: 200), time: 1.05, cancelled: false, on: board)
        _ = router.down(1, at: Point(x: 200, y: 200), time: 2, on: board)
        #expect(router.up(1, at: Point(x: 200, y: 200), time: 2.05, cancelled: false, on: board).isEmpty)
    }

    /// Two fingers down together and up without moving span the interval between them, left first; a finger
    /// past the slop, held too long, or cancelled makes it no tap (the double tap is unaffected).
    @Test func twoFingersLiftedUnmovedAreATwoFingerTap() {
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 400, y: 200), time: 0, on: board)
        _ = router.down(2, at: Point(x: 200, y: 220), time: 0.05, on: board)
        _ = router.moved(1, to: Point(x: 404, y: 203), on: board)
        #expect(router.up(1, at: Point(x: 404, y: 203), time: 0.2, cancelled: false, on: board).isEmpty)
        #expect(router.up(2, at: Point(x: 200, y: 220), time: 0.25, cancelled: false, on: board)
                == [.twoFingerTap(Point(x: 200, y: 220), Point(x: 404, y: 203))])
        // A pinch: one finger goes past the slop.
        _ = router.down(1, at: Point(x: 200, y: 200), time: 1, on: board)
        _ = router.down(2, at: Point(x: 300, y: 200), time: 1.05, on: board)
        #expect(!router.moved(2, to: Point(x: 340, y: 200), on: board).isEmpty)
        _ = router.moved(2, to: Point(x: 300, y: 200), on: board)
        #expect(router.up(2, at: Point(x: 300, y: 200), time: 1.2, cancelled: false, on: board).isEmpty)
        #expect(router.up(1, at: Point(x: 200, y: 200), time: 1.25, cancelled: false, on: board).isEmpty)
        // Held past the limit, or the second finger late.
        _ = router.down(1, at: Point(x: 200, y: 200), time: 2, on: board)
        _ = router.down(2, at: Point(x: 300, y: 200), time: 2.1, on: board)
        _ = router.up(1, at: Point(x: 200, y: 200), time: 2.3, cancelled: false, on: board)
        #expect(router.up(2, at: Point(x: 300, y: 200), time: 2.6, cancelled: false, on: board).isEmpty)
        _ = router.down(1, at: Point(x: 200, y: 200), time: 3, on: board)
        _ = router.down(2, at: Point(x: 300, y: 200), time: 3.6, on: board)
        _ = router.up(1, at: Point(x: 200, y: 200), time: 3.65, cancelled: false, on: board)
        #expect(router.up(2, at: Point(x: 300, y: 200), time: 3.7, cancelled: false, on: board).isEmpty)
        // Cancelled.
        _ = router.down(1, at: Point(x: 200, y: 200), time: 4, on: board)
        _ = router.down(2, at: Point(x: 300, y: 200), time: 4.05, on: board)
        _ = router.up(1, at: Point(x: 200, y: 200), time: 4.1, cancelled: true, on: board)
        #expect(router.up(2, at: Point(x: 300, y: 200), time: 4.15, cancelled: false, on: board).isEmpty)
    }

    @Test func aLongPressTracesWhereThereIsACurve() {
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 200, y: 200), time: 0, on: board)
        #expect(router.longPressDeadline == TouchRouter.longPressDelay)
        #expect(router.advance(to: 0.4, canTrace: true).isEmpty)
        #expect(router.advance(to: 0.5, canTrace: true) == [.trace(Point(x: 200, y: 200))])
        #expect(router.moved(1, to: Point(x: 260, y: 200), on: board) == [.trace(Point(x: 260, y: 200))])
        #expect(router.up(1, at: Point(x: 260, y: 200), time: 1, cancelled: false, on: board) == [.trace(nil)])
        // No curve: the held finger stays a finger that may pan.
        _ = router.down(1, at: Point(x: 200, y: 200), time: 2, on: board)
        #expect(router.advance(to: 3, canTrace: false).isEmpty)
        #expect(router.moved(1, to: Point(x: 240, y: 200), on: board) == [.pan(dx: 40, dy: 0)])
    }

    @Test func cancellingForgetsEveryFinger() {
        var router = TouchRouter()
        _ = router.down(1, at: Point(x: 50, y: 50), time: 0, on: board)
        _ = router.down(2, at: Point(x: 200, y: 200), time: 0, on: board)
        router.cancelAll()
        #expect(router.pressedKey == nil && router.longPressDeadline == nil)
        #expect(router.up(1, at: Point(x: 50, y: 50), time: 0.1, cancelled: false, on: board).isEmpty)
        #expect(router.moved(2, to: Point(x: 300, y: 200), on: board).isEmpty)
    }
}
