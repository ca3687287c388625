#if canImport(Glibc)
import Glibc
#endif

func runBenchCommand(_ arguments: [String]) -> Int32 {
    printError("calx: this command is not built yet")
    return 2
}
