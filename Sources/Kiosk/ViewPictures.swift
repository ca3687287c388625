import Raster

/// Pictures of a view's parts drawn once off screen and copied back when the part shows the same again
/// (a key's face in one state, the readout's empty strip): a copy costs a fraction of drawing rounded
/// fills, icons and text. A few are kept, the least recently used giving way, so memory stays small.
final class ViewPictures<Key: Hashable> {
    private var pictures: [(key: Key, image: PixelImage)] = []
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Copies the picture for `key` to `rect`, drawing it first with `draw` (given the screen's own
    /// coordinates) when it is not kept. The drawing must stay inside `rect`: the copy holds nothing else.
    func show(_ key: Key, at rect: IntRect, into canvas: inout Canvas, draw: (inout Canvas) -> Void) {
        let image = picture(key, at: rect, format: canvas.buffer.format, draw: draw)
        canvas.copy(image.buffer, x: rect.x, y: rect.y)
    }

    /// The picture for `key` of `rect`'s size, drawn first when it is not kept; it becomes the most recently used.
    func picture(_ key: Key, at rect: IntRect, format: PixelFormat, draw: (inout Canvas) -> Void) -> PixelImage {
        let image: PixelImage
        if let last = pictures.last, last.key == key, last.image.width == rect.width, last.image.height == rect.height {
            return last.image
        }
        if let index = pictures.firstIndex(where: { $0.key == key && $0.image.width == rect.width && $0.image.height == rect.height }) {
            image = pictures.remove(at: index).image
        } else {
            image = PixelImage(width: rect.width, height: rect.height, format: format)
            var offscreen = Canvas(buffer: image.buffer)
            offscreen.originX = -rect.x
            offscreen.originY = -rect.y
            draw(&offscreen)
            if pictures.count >= limit { pictures.removeFirst() }
        }
        pictures.append((key, image))
        return image
    }
}
