// SPDX-License-Identifier: MIT
// The on-disk cache of the compiled runtime library: one file per content hash of the runtime's
// sources, checked (magic, hash, payload checksum) before use. Internal to frontend/; any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace weft::frontend {

/// The directory the cache lives in: $WEFT_CACHE_DIR, else $XDG_CACHE_HOME/weft, else
/// $HOME/.cache/weft, else the system temporary directory's weft-cache.
std::string runtimeCacheDirectory();

/// The bitcode cached for `hash` in `path`, or nullopt (with `why` set) when the file is missing,
/// truncated, for another hash or corrupted.
std::optional<std::string> readRuntimeCache(const std::string &path, std::uint64_t hash, std::string &why);

/// Writes `bitcode` for `hash` to `path` atomically (a temporary file renamed over it). False,
/// with `why` set, when the cache cannot be written (the runtime then lives in memory only).
bool writeRuntimeCache(const std::string &path, std::uint64_t hash, const std::string &bitcode, std::string &why);

} // namespace weft::frontend
