import CFreeType
import Raster
// Skeleton: the FreeType glyph source lands with the renderer issue.
