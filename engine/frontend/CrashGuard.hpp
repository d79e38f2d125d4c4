// SPDX-License-Identifier: MIT
// Runs the compiler (Clang, LLVM passes) on a thread of its own with a large stack, under
// llvm::CrashRecoveryContext: a crash inside, such as a stack overflow on deeply nested code, becomes a
// value instead of killing Weft. Callable from any thread; each call uses a new thread.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace weft::frontend {

/// The compiler thread's stack. Clang and LLVM recurse over expressions: an expression of 10^6 terms needs
/// about 250 MiB. Only the pages used are ever touched.
inline constexpr std::size_t kCompilerStackSize = std::size_t(1) << 30;

/// Runs `work` to completion on a new thread with `stackSize` bytes of stack (at least 64 KiB). Returns
/// nothing, or, when `work` crashed (a signal, e.g. its stack overflowed, or an LLVM fatal error), what
/// happened in words. After a crash, whatever `work` was building must not be used or destroyed (it is
/// half-made), and the memory it allocated is not given back.
std::optional<std::string> runGuarded(const std::function<void()> &work, std::size_t stackSize = kCompilerStackSize);

} // namespace weft::frontend
