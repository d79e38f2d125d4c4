// SPDX-License-Identifier: MIT
#include "engine/frontend/RuntimeCache.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include <cstdlib>
#include <cstring>

namespace weft::frontend {

namespace {

// Layout: magic (8 bytes), source hash, payload checksum (little-endian 64-bit each), bitcode.
constexpr char kMagic[8] = {'W', 'E', 'F', 'T', 'R', 'T', '0', '1'};
constexpr std::size_t kHeader = 24;
constexpr std::uint64_t kMaxSize = std::uint64_t{256} << 20;

std::uint64_t checksum(llvm::StringRef payload) {
    return llvm::xxh3_64bits(llvm::ArrayRef<std::uint8_t>(
        reinterpret_cast<const std::uint8_t *>(payload.data()), payload.size()));
}

void put64(std::string &out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i)
        out.push_back(char((v >> (8 * i)) & 0xFF));
}

std::uint64_t get64(const char *p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | std::uint8_t(p[i]);
    return v;
}

} // namespace

std::string runtimeCacheDirectory() {
    if (const char *dir = std::getenv("WEFT_CACHE_DIR"); dir && *dir)
        return dir;
    llvm::SmallString<256> path;
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg && llvm::sys::path::is_absolute(xdg)) {
        path = xdg;
    } else if (const char *home = std::getenv("HOME"); home && *home) {
        path = home;
        llvm::sys::path::append(path, ".cache");
    } else {
        llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, path);
        llvm::sys::path::append(path, "weft-cache");
        return std::string(path);
    }
    llvm::sys::path::append(path, "weft");
    return std::string(path);
}

std::optional<std::string> readRuntimeCache(const std::string &path, std::uint64_t hash, std::string &why) {
    if (!llvm::sys::fs::is_regular_file(path)) {
        why = "no cached runtime";
        return std::nullopt;
    }
    std::uint64_t size = 0;
    if (llvm::sys::fs::file_size(path, size) || size > kMaxSize) {
        why = "cached runtime '" + path + "' is unreadable or too large";
        return std::nullopt;
    }
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!buffer) {
        why = "cannot read cached runtime '" + path + "': " + buffer.getError().message();
        return std::nullopt;
    }
    const llvm::StringRef bytes = (*buffer)->getBuffer();
    if (bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, 8) != 0) {
        why = "cached runtime '" + path + "' is not a Weft runtime cache file";
        return std::nullopt;
    }
    if (get64(bytes.data() + 8) != hash) {
        why = "cached runtime '" + path + "' was built from other sources";
        return std::nullopt;
    }
    const llvm::StringRef payload = bytes.drop_front(kHeader);
    if (get64(bytes.data() + 16) != checksum(payload)) {
        why = "cached runtime '" + path + "' is corrupted (checksum mismatch)";
        return std::nullopt;
    }
    return payload.str();
}

bool writeRuntimeCache(const std::string &path, std::uint64_t hash, const std::string &bitcode, std::string &why) {
    const llvm::StringRef dir = llvm::sys::path::parent_path(path);
    if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
        why = "cannot create cache directory '" + dir.str() + "': " + ec.message();
        return false;
    }
    std::string bytes(kMagic, 8);
    put64(bytes, hash);
    put64(bytes, checksum(bitcode));
    bytes += bitcode;
    int fd = -1;
    llvm::SmallString<256> temporary;
    if (std::error_code ec = llvm::sys::fs::createUniqueFile(path + ".%%%%%%.tmp", fd, temporary)) {
        why = "cannot write the runtime cache in '" + dir.str() + "': " + ec.message();
        return false;
    }
    {
        llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
        out << bytes;
        out.flush();
        if (out.has_error()) {
            why = "cannot write '" + std::string(temporary) + "': " + out.error().message();
            out.clear_error();
            llvm::sys::fs::remove(temporary);
            return false;
        }
    }
    if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
        why = "cannot rename the runtime cache to '" + path + "': " + ec.message();
        llvm::sys::fs::remove(temporary);
        return false;
    }
    return true;
}

} // namespace weft::frontend
