import CPNG
import Raster
// Skeleton: PNG encode/decode lands with the renderer issue.
