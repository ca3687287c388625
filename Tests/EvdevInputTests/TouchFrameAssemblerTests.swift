import Testing
@testable import EvdevInput

/// Plays an evemu-style log ("E: <time> <type hex> <code hex> <value>") through an assembler.
func play(_ log: String, _ a: inout TouchFrameAssembler) -> [[TouchContact]] {
    var frames: [[TouchContact]] = []
    for line in log.split(separator: "\n") {
        let f = line.split(separator: " ")
        guard f.count == 5, f[0] == "E:" else { continue }
        let out = a.feed(type: UInt16(f[2], radix: 16)!, code: UInt16(f[3], radix: 16)!, value: Int32(f[4])!)
        if !out.isEmpty { frames.append(out) }
    }
    return frames
}

let panel = AxisMapping(xRange: 0...1000, yRange: 0...1000, screenWidth: 1001, screenHeight: 1001)

@Test func pinchIsTwoContactsMovingApart() {
    var a = TouchFrameAssembler(mapping: panel)
    let frames = play("""
    E: 0.0 0003 002f 0
    E: 0.0 0003 0039 10
    E: 0.0 0003 0035 400
    E: 0.0 0003 0036 500
    E: 0.0 0003 002f 1
    E: 0.0 0003 0039 11
    E: 0.0 0003 0035 600
    E: 0.0 0003 0036 500
    E: 0.0 0000 0000 0
    E: 0.1 0003 002f 0
    E: 0.1 0003 0035 300
    E: 0.1 0003 002f 1
    E: 0.1 0003 0035 700
    E: 0.1 0000 0000 0
    E: 0.2 0003 002f 0
    E: 0.2 0003 0039 -1
    E: 0.2 0003 002f 1
    E: 0.2 0003 0039 -1
    E: 0.2 0000 0000 0
    """, &a)
    #expect(frames.count == 3)
    #expect(frames[0].map(\.phase) == [.down, .down])
    #expect(frames[1].map(\.x) == [300, 700])
    #expect(frames[1].map(\.phase) == [.move, .move])
    #expect(frames[2].map(\.phase) == [.up, .up])
    #expect(frames[0][0].id != frames[0][1].id)
}

@Test func nothingBeforeSynReport() {
    var a = TouchFrameAssembler(mapping: panel)
    #expect(a.feed(type: 3, code: 0x39, value: 5).isEmpty)
    #expect(a.feed(type: 3, code: 0x35, value: 10).isEmpty)
    #expect(a.feed(type: 0, code: 0, value: 0) == [TouchContact(id: 0, x: 10, y: 0, phase: .down)])
}

@Test func synDroppedDiscardsThePartialFrameAndResyncs() {
    var a = TouchFrameAssembler(mapping: panel)
    _ = play("E: 0 0003 0039 1\nE: 0 0003 0035 100\nE: 0 0003 0036 100\nE: 0 0000 0000 0", &a)
    let dropped = play("E: 0 0003 0035 900\nE: 0 0000 0003 0\nE: 0 0003 0035 950\nE: 0 0000 0000 0", &a)
    #expect(dropped.isEmpty)
    let after = a.resync(slots: [0: (trackingID: 1, x: 500, y: 100)])
    #expect(after.map(\.phase) == [.move])
    #expect(after.first?.x == 500)
}

@Test func removalCancelsLiveContacts() {
    var a = TouchFrameAssembler(mapping: panel)
    _ = play("E: 0 0003 0039 1\nE: 0 0003 0035 100\nE: 0 0000 0000 0", &a)
    let cancelled = a.cancelAll()
    #expect(cancelled.map(\.phase) == [.cancel])
    #expect(a.cancelAll().isEmpty)
}

@Test func trackingIdReuseInOneFrameIsUpThenDown() {
    var a = TouchFrameAssembler(mapping: panel)
    _ = play("E: 0 0003 0039 1\nE: 0 0003 0035 100\nE: 0 0000 0000 0", &a)
    let f = play("E: 0 0003 0039 2\nE: 0 0003 0035 800\nE: 0 0000 0000 0", &a)
    #expect(f.first?.map(\.phase) == [.up, .down])
    #expect(f.first?[0].x == 100)
    #expect(f.first?[1].x == 800)
    #expect(f.first?[0].id != f.first?[1].id)
}

@Test func doubleTapIsTwoDownUpPairs() {
    var a = TouchFrameAssembler(mapping: panel)
    func tap(_ id: Int) -> String { "E: 0 0003 0039 \(id)\nE: 0 0003 0035 10\nE: 0 0000 0000 0\nE: 0 0003 0039 -1\nE: 0 0000 0000 0\n" }
    let frames = play(tap(1) + tap(2), &a)
    #expect(frames.map { $0.map(\.phase) } == [[.down], [.up], [.down], [.up]])
}

@Test func singleTouchPanelAndTabletAreOneFinger() {
    var a = TouchFrameAssembler(mapping: panel)
    let st = play("E: 0 0003 0000 250\nE: 0 0003 0001 750\nE: 0 0001 014a 1\nE: 0 0000 0000 0\nE: 0 0003 0000 260\nE: 0 0000 0000 0\nE: 0 0001 014a 0\nE: 0 0000 0000 0", &a)
    #expect(st.map { $0.map(\.phase) } == [[.down], [.move], [.up]])
    #expect(st[0][0].x == 250 && st[0][0].y == 750)
    var t = TouchFrameAssembler(mapping: panel)
    let tab = play("E: 0 0003 0000 5\nE: 0 0000 0000 0\nE: 0 0001 0110 1\nE: 0 0000 0000 0\nE: 0 0001 0110 0\nE: 0 0000 0000 0", &t)
    #expect(tab.map { $0.map(\.phase) } == [[.down], [.up]])
}

@Test func panMovesOneContact() {
    var a = TouchFrameAssembler(mapping: panel)
    let f = play("E: 0 0003 0039 3\nE: 0 0003 0035 100\nE: 0 0000 0000 0\nE: 0 0003 0035 200\nE: 0 0000 0000 0\nE: 0 0003 0036 50\nE: 0 0000 0000 0", &a)
    #expect(f.map { $0.map(\.phase) } == [[.down], [.move], [.move]])
    #expect(Set(f.flatMap { $0 }.map(\.id)).count == 1)
}

@Test func rotationAndCalibration() {
    let m = AxisMapping(xRange: 0...100, yRange: 0...100, screenWidth: 101, screenHeight: 201, rotation: .clockwise90)
    // Raw top-left (0,0) of a 90° turned panel lands at the left bottom of the upright picture.
    #expect(m.map(rawX: 0, rawY: 0) == (0, 200))
    let r180 = AxisMapping(xRange: 0...100, yRange: 0...100, screenWidth: 101, screenHeight: 101, rotation: .clockwise180)
    #expect(r180.map(rawX: 0, rawY: 100) == (100, 0))
    // libinput's swap-axes matrix 0 1 0 1 0 0
    let swapped = AxisMapping(xRange: 0...100, yRange: 0...100, screenWidth: 101, screenHeight: 101,
                              calibration: try! Calibration.parse("0 1 0 1 0 0"))
    #expect(swapped.map(rawX: 20, rawY: 70) == (70, 20))
}

/// The kernel drops unchanged axis values: a new contact at the same X as the last one in its slot
/// arrives with only Y (seen in the VM: a tap below the previous one landed at x = 0).
@Test func aNewContactKeepsTheSlotsUnsentAxis() {
    var a = TouchFrameAssembler(mapping: panel)
    _ = play("E: 0 0003 0039 1\nE: 0 0003 0035 35\nE: 0 0003 0036 240\nE: 0 0000 0000 0\nE: 0 0003 0039 -1\nE: 0 0000 0000 0", &a)
    let f = play("E: 0 0003 0039 2\nE: 0 0003 0036 293\nE: 0 0000 0000 0", &a)
    #expect(f.first?.first?.x == 35)
    #expect(f.first?.first?.y == 293)
}

/// Ids were trackingID * 64 + slot: slot 64 with tracking id 1 was slot 0 with tracking id 2.
@Test func contactsInSlotsPast64HaveIdsOfTheirOwn() {
    var a = TouchFrameAssembler(mapping: panel, idBase: 1 << 24)
    let f = play("E: 0 0003 002f 0\nE: 0 0003 0039 2\nE: 0 0003 002f 64\nE: 0 0003 0039 1\nE: 0 0003 002f 200\nE: 0 0003 0039 3\nE: 0 0000 0000 0", &a)
    #expect(f.first?.map(\.phase) == [.down, .down, .down])
    #expect(Set(f.first?.map(\.id) ?? []).count == 3)
    #expect(f.first?.allSatisfy { $0.id >= 1 << 24 && $0.id < 2 << 24 } == true)
}

/// Every contact a device makes, live at once or one after another, has an id no other has had lately.
@Test func idsAreUniqueAcrossManySlotsAndReuses() {
    var a = TouchFrameAssembler(mapping: panel)
    var seen: Set<Int> = []
    var tracking: Int32 = 0
    for round in 0..<20 {
        var log = ""
        for slot in stride(from: round % 2, to: 256, by: 3) { tracking += 1; log += "E: 0 0003 002f \(slot)\nE: 0 0003 0039 \(tracking)\n" }
        log += "E: 0 0000 0000 0\n"
        for down in play(log, &a).flatMap({ $0 }) where down.phase == .down {
            #expect(!seen.contains(down.id))
            seen.insert(down.id)
        }
    }
}

/// A slot number out of range (a hostile or broken device) makes no contact at all.
@Test func outOfRangeSlotsAreIgnored() {
    var a = TouchFrameAssembler(mapping: panel)
    let f = play("E: 0 0003 002f 100000\nE: 0 0003 0039 1\nE: 0 0003 0035 5\nE: 0 0003 002f -3\nE: 0 0003 0039 2\nE: 0 0000 0000 0", &a)
    #expect(f.isEmpty)
    #expect(a.resync(slots: [9999: (trackingID: 1, x: 0, y: 0)]).isEmpty)
}
