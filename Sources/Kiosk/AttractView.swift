import Grapher
import Locales
import Raster

/// The attract screen: the demonstration's readout over its graph, and "Touch to start" across the bottom.
/// A frame repaints only what the demonstration changed: the readout when a key was typed, the columns a
/// curve drew itself across since the last frame (copied from its picture, drawn once off screen per stage);
/// the banner only with the whole screen.
final class AttractView {
    let readout: IntRect
    let graph: IntRect
    let banner: IntRect
    let textScale: Double
    private let demo = AttractDemo()
    private(set) var drawn: AttractDemo.Frame?
    private var drawnStage: Int?
    /// How many of the newest curve's columns are on screen.
    private var shownColumns = 0
    /// The graph at each stage (curves graphed so far), with its theme: the stage being drawn and the one under it.
    private let pictures = ViewPictures<Picture>(limit: 2)
    private struct Picture: Hashable { var stage: Int; var theme: Theme; var locale: String }

    init(width: Int, height: Int, textScale: Double) {
        let w = max(1, width), h = max(1, height), unit = max(2, min(w, h) / 100), margin = 2 * unit
        let bannerHeight = min(max(Int(Double(h) * 0.14 * textScale), 40), h / 4)
        let readoutHeight = min(max(Int(Double(h) * 0.18 * textScale), 56), (h - bannerHeight) / 3)
        readout = IntRect(x: margin, y: margin, width: w - 2 * margin, height: readoutHeight)
        graph = IntRect(x: margin, y: readout.maxY + margin, width: w - 2 * margin,
                        height: max(1, h - bannerHeight - margin - readout.maxY - margin))
        banner = IntRect(x: 0, y: h - bannerHeight, width: w, height: bannerHeight)
        self.textScale = textScale
    }

    func needsDraw(atTenth tenth: Int) -> Bool { drawn != AttractDemo.frame(atTenth: tenth) }

    /// The next `show` paints everything.
    func forget() { drawn = nil }

    func show(atTenth tenth: Int, full: Bool, style: ViewStyle, into canvas: inout Canvas) {
        let frame = AttractDemo.frame(atTenth: tenth)
        let whole = full || drawn == nil
        guard whole || drawn != frame else { return }
        let scene = demo.scene(frame, locale: style.locale)
        if whole {
            canvas.clear(style.palette.background)
            drawBanner(style, into: &canvas)
        }
        if whole || drawn?.keys != frame.keys || drawn?.loop != frame.loop { drawReadout(scene, style, into: &canvas) }
        if whole || drawnStage != scene.stage || drawn?.loop != frame.loop {
            // Under the curve that draws itself, the graph as the stage before left it.
            let under = max(0, scene.stage - 1)
            var earlier = GraphedCurves()
            for curve in scene.curves.curves.prefix(under) { earlier.add(curve.program) }
            canvas.copy(picture(stage: under, curves: earlier, style, format: canvas.buffer.format).buffer, x: graph.x, y: graph.y)
            shownColumns = scene.stage == 0 ? graph.width : 0
        }
        let columns = scene.stage == 0 ? graph.width : Int(Double(graph.width) * scene.revealed)
        if columns > shownColumns {
            let picture = self.picture(stage: scene.stage, curves: scene.curves, style, format: canvas.buffer.format)
            canvas.copy(picture.buffer, x: graph.x, y: graph.y,
                        within: IntRect(x: graph.x + shownColumns, y: graph.y, width: columns - shownColumns, height: graph.height))
            shownColumns = columns
        }
        drawn = frame
        drawnStage = scene.stage
    }

    /// The graph with the stage's curves, drawn off screen once (refined to the end) and kept.
    private func picture(stage: Int, curves: GraphedCurves, _ style: ViewStyle, format: PixelFormat) -> PixelImage {
        pictures.picture(Picture(stage: stage, theme: style.theme, locale: style.locale.identifier), at: graph, format: format) { canvas in
            // About four units up and down, whatever the graph's shape.
            let scale = max(20, min(Double(graph.width) / 9, Double(graph.height) / 6))
            let viewport = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: scale)
            var plot = GraphPlot(frame: graph, theme: style.theme, palette: style.palette, glyphs: style.glyphs,
                                 locale: style.locale, viewport: viewport, textScale: textScale)
            plot.show(curves)
            var passes = 0
            repeat {
                plot.draw(viewport: viewport, trace: nil, into: &canvas)
                passes += 1
            } while plot.view.needsRefinement && passes < 40
        }
    }

    private func drawReadout(_ scene: AttractDemo.Scene, _ style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette
        canvas.fill(readout, palette.background)
        canvas.fillRounded(readout, palette.displayFace, radius: Double(min(readout.height, readout.width)) / 14)
        let inset = max(4, readout.height / 12)
        let lines = readout.insetBy(dx: inset * 2, dy: inset)
        let descriptionLine = IntRect(x: lines.x, y: lines.y, width: lines.width, height: lines.height * 2 / 5)
        let displayLine = IntRect(x: lines.x, y: descriptionLine.maxY, width: lines.width, height: lines.maxY - descriptionLine.maxY)
        FittedText(scene.description, glyphs: style.glyphs, maxPixelSize: descriptionLine.height * 3 / 4, width: descriptionLine.width,
                   height: descriptionLine.height, elision: .leading)
            .draw(in: &canvas, rect: descriptionLine, alignment: .trailing, palette.descriptionText)
        FittedText(scene.display, glyphs: style.glyphs, maxPixelSize: displayLine.height * 4 / 5, width: displayLine.width,
                   height: displayLine.height)
            .draw(in: &canvas, rect: displayLine, alignment: .trailing, palette.displayText)
    }

    private func drawBanner(_ style: ViewStyle, into canvas: inout Canvas) {
        let colors = style.palette.accent
        canvas.fill(banner, colors.face)
        bannerText(style).draw(in: &canvas, rect: bannerTextRect, alignment: .center, colors.text)
    }

    private var bannerTextRect: IntRect { banner.insetBy(dx: max(8, banner.height / 3), dy: banner.height / 8) }

    /// "Touch to start" in the locale, as large as the banner holds it (LocaleFitTests: shown whole everywhere).
    func bannerText(_ style: ViewStyle) -> FittedText {
        let text = bannerTextRect
        return FittedText(style.locale[.touchToStart], glyphs: style.glyphs, maxPixelSize: banner.height * 11 / 20, width: text.width,
                          height: text.height)
    }
}
