import Raster

extension KioskApp {
    /// One touch frame: every contact that changed at one SYN_REPORT.
    public func handle(_ touches: [TouchEvent]) {
        for event in touches {
            tick(event.time)
            noteActivity()
            let point = onScreen(event.x, event.y)
            switch event.phase {
            case .down: touchDown(event.id, point, event.time)
            case .move: touchMoved(event.id, point)
            case .up: touchEnded(event.id, point, event.time, cancelled: false)
            case .cancel: touchEnded(event.id, point, event.time, cancelled: true)
            }
        }
    }

    /// A touch is on the screen, whatever its source said: NaN, infinities and far-off points would
    /// otherwise reach integer conversions in hit tests and gestures.
    func onScreen(_ x: Double, _ y: Double) -> Point {
        func clamp(_ v: Double, _ size: Int) -> Double { v.isNaN ? 0 : min(max(v, 0), Double(max(size - 1, 0))) }
        return Point(x: clamp(x, layout.width), y: clamp(y, layout.height))
    }

    /// Where the graph pane is on screen now (for benchmarks and scripts).
    public var graphPaneRect: IntRect { graphPlot }

    var graphPlot: IntRect {
        let pane = layout.graphPane
        return IntRect(x: pane.x, y: layout.graphTitle.maxY, width: pane.width, height: pane.maxY - layout.graphTitle.maxY)
    }
    /// The plot as the viewport's frame: gestures and drawing share it.
    var plotFrame: Rect { Rect(graphPlot) }
    var isGraphVisible: Bool { layout.mode == .split || isGraphPushed }

    func touchDown(_ id: Int, _ p: Point, _ time: Double) {
        if contacts[id] != nil { touchEnded(id, p, time, cancelled: true) }
        var target: Contact.Target
        let inGraph = isGraphVisible && layout.graphPane.contains(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
        let paneKey = isGraphVisible ? layout.paneKey(atX: p.x, y: p.y) : nil
        if let paneKey, paneKey != .back || isGraphPushed {
            target = keypadContact == nil ? .pane(paneKey) : .ignored
        } else if inGraph {
            target = graphContacts.count < 2 ? .graph : .ignored
        } else {
            // A second finger on the keypad while one is down is ignored.
            target = keypadContact == nil ? .key(layout.keyIndex(atX: p.x, y: p.y)) : .ignored
        }
        switch target {
        case .key(let index):
            keypadContact = id
            pressedKeyIndex = index
        case .pane(let key):
            keypadContact = id
            pressedPaneKey = key
        case .graph:
            graphContacts.append(id)
            if graphContacts.count == 1 {
                longPressDeadline = time + KioskApp.longPressDelay
            } else {
                longPressDeadline = nil
                endTrace()
            }
        case .ignored:
            break
        }
        contacts[id] = Contact(target: target, start: p, last: p, startTime: time)
    }

    func touchMoved(_ id: Int, _ p: Point) {
        guard var contact = contacts[id] else { return }
        let previous = contact.last
        contact.last = p
        let distance = hypot(p.x - contact.start.x, p.y - contact.start.y)
        let crossedSlop = !contact.moved && distance > layout.slop
        if crossedSlop { contact.moved = true }
        contacts[id] = contact
        switch contact.target {
        case .key(let index):
            guard let index else { return }
            let near = layout.isNear(layout.keyRects[index], x: p.x, y: p.y)
            pressedKeyIndex = near ? index : nil
        case .pane(let key):
            let near = layout.rect(of: key).map { layout.isNear($0, x: p.x, y: p.y) } ?? false
            pressedPaneKey = near ? key : nil
        case .graph:
            if graphContacts.count >= 2, let otherID = graphContacts.first(where: { $0 != id }),
               let other = contacts[otherID] {
                let before = centroidAndSpread(previous, other.last)
                let after = centroidAndSpread(p, other.last)
                if before.spread > 1 && after.spread > 1 {
                    // Zoom about the old centroid, then follow the centroid: what was under the fingers stays there.
                    viewport = viewport.pinched(scaleFactor: after.spread / before.spread, about: before.center, in: plotFrame)
                        .panned(by: after.center.x - before.center.x, after.center.y - before.center.y)
                    stateChanged()
                }
            } else if isTracing {
                tracePoint = p
            } else if contact.moved {
                // Pan by the whole drag, including the part inside the slop.
                let from = crossedSlop ? contact.start : previous
                if crossedSlop { longPressDeadline = nil }
                viewport = viewport.panned(by: p.x - from.x, p.y - from.y)
                stateChanged()
            }
        case .ignored:
            break
        }
    }

    func touchEnded(_ id: Int, _ p: Point, _ time: Double, cancelled: Bool) {
        guard let contact = contacts.removeValue(forKey: id) else { return }
        switch contact.target {
        case .key(let index):
            keypadContact = nil
            pressedKeyIndex = nil
            if !cancelled, let index, layout.isNear(layout.keyRects[index], x: p.x, y: p.y) {
                activate(layout.keypad.keys[index])
            }
        case .pane(let key):
            keypadContact = nil
            pressedPaneKey = nil
            if !cancelled, let r = layout.rect(of: key), layout.isNear(r, x: p.x, y: p.y) { activate(key) }
        case .graph:
            let wasPinch = graphContacts.count >= 2
            graphContacts.removeAll { $0 == id }
            longPressDeadline = nil
            if let remaining = graphContacts.first, var other = contacts[remaining] {
                // The finger left on the glass goes on panning from where it is.
                other.moved = true
                contacts[remaining] = other
            }
            if isTracing {
                endTrace()
            } else if !cancelled && !wasPinch && !contact.moved && time - contact.startTime < KioskApp.longPressDelay {
                if let tap = lastTap, time - tap.time <= KioskApp.doubleTapInterval,
                   hypot(p.x - tap.point.x, p.y - tap.point.y) <= layout.slop * 3 {
                    viewport = viewport.doubleTapped(at: p, in: plotFrame)
                    lastTap = nil
                    stateChanged()
                } else {
                    lastTap = (time, p)
                }
            }
        case .ignored:
            break
        }
    }

    func beginTraceIfHeld() {
        longPressDeadline = nil
        guard graphContacts.count == 1, let contact = contacts[graphContacts[0]], !contact.moved, graph != nil else { return }
        isTracing = true
        tracePoint = contact.last
    }

    func endTrace() {
        isTracing = false
        tracePoint = nil
    }

    func cancelAllTouches() {
        contacts = [:]
        keypadContact = nil
        graphContacts = []
        pressedKeyIndex = nil
        pressedPaneKey = nil
        longPressDeadline = nil
        endTrace()
    }

    private func centroidAndSpread(_ a: Point, _ b: Point) -> (center: Point, spread: Double) {
        (Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), hypot(a.x - b.x, a.y - b.y))
    }
}

func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
