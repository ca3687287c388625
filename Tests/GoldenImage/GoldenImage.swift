import Raster
import RasterPNG
// Skeleton: golden PNG comparison lands with the renderer issue.
