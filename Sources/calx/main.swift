#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Platform

// Before the first allocation worth keeping: a kiosk that runs for weeks gives freed heap back (ProcessHeap).
ProcessHeap.giveBackFreedTopPromptly()

// calx: the kiosk, and the tools that drive the same code headlessly (CalxApp).
exit(CalxCommandLine.run(Array(CommandLine.arguments.dropFirst())))
