import Raster

/// Which glyph at which size: the cache key.
struct GlyphKey: Hashable {
    let scalar: UInt32
    let pixelSize: Int32
}

/// A bounded least-recently-used cache of rasterized glyphs (and of "the face lacks this scalar").
/// Nodes live in arrays linked by index, so a hit costs one hash lookup and a few index swaps.
struct GlyphCache {
    struct Entry {
        var key: GlyphKey
        var glyph: Glyph?
        var glyphIndex: UInt32
        var newer: Int
        var older: Int
    }
    let capacity: Int
    private(set) var entries: [Entry] = []
    private var slots: [GlyphKey: Int] = [:]
    private var newest = -1
    private var oldest = -1

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots.reserveCapacity(self.capacity)
        entries.reserveCapacity(self.capacity)
    }

    var count: Int { entries.count }

    /// The cached entry, marked most recently used; nil on a miss.
    mutating func lookup(_ key: GlyphKey) -> (glyph: Glyph?, glyphIndex: UInt32)? {
        guard let slot = slots[key] else { return nil }
        touch(slot)
        return (entries[slot].glyph, entries[slot].glyphIndex)
    }

    /// Stores an entry, evicting the least recently used one when full.
    mutating func insert(_ key: GlyphKey, glyph: Glyph?, glyphIndex: UInt32) {
        if let slot = slots[key] {
            entries[slot].glyph = glyph
            entries[slot].glyphIndex = glyphIndex
            touch(slot)
            return
        }
        let slot: Int
        if entries.count < capacity {
            slot = entries.count
            entries.append(Entry(key: key, glyph: glyph, glyphIndex: glyphIndex, newer: -1, older: -1))
        } else {
            slot = oldest
            unlink(slot)
            slots[entries[slot].key] = nil
            entries[slot] = Entry(key: key, glyph: glyph, glyphIndex: glyphIndex, newer: -1, older: -1)
        }
        slots[key] = slot
        linkAsNewest(slot)
    }

    func contains(_ key: GlyphKey) -> Bool { slots[key] != nil }

    private mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let newer = entries[slot].newer, older = entries[slot].older
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = -1
        entries[slot].older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = -1
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
