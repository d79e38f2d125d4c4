// SPDX-License-Identifier: MIT
// The runtime library: the parts of libc that are plain C, written in C in engine/runtime/, compiled
// once by the in-process Clang, cached on disk by content hash and linked into the user's module
// before lowering, so they are interpreted (steppable, race- and memory-checked) like user code.
// Internal to frontend/; callable from any thread (one build at a time).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace weft::frontend {

class DiagnosticCollector;

/// Adds to `module` the runtime's definitions of the functions it declares but does not define, and
/// what those need. Runtime functions are weak: a function the user defines with the same name wins,
/// also for the runtime's own calls (as with a static libc). False, with an error in `diagnostics`,
/// when the runtime cannot be built or linked. `guarded` runs the linking itself (LLVM on the user's
/// module) and says whether it finished (CCompiler: under its lock, on its crash-guarded thread).
bool linkRuntime(llvm::Module &module, DiagnosticCollector &diagnostics,
                 const std::function<bool(const std::function<void()> &)> &guarded);

/// Where the runtime's C files are: <prefix>/share/weft/runtime beside an installed executable
/// (<prefix>/bin), else engine/runtime in the source tree of this build.
std::string runtimeDirectory();

/// The runtime's C files (absolute paths, sorted): what the cache's content hash covers.
std::vector<std::string> runtimeSources();

/// Where the runtime compiled from the current sources is cached.
std::string runtimeCachePath();

/// Forgets the runtime this process has loaded: the next link reads the disk cache again (tests).
void forgetLoadedRuntime();

} // namespace weft::frontend
