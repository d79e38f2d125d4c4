// SPDX-License-Identifier: MIT
#include "engine/frontend/Sha256.hpp"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/SHA256.h>

namespace weft::frontend {

std::string sha256Hex(std::string_view data) {
    const auto digest = llvm::SHA256::hash(llvm::ArrayRef<std::uint8_t>(
        reinterpret_cast<const std::uint8_t *>(data.data()), data.size()));
    static const char kHex[] = "0123456789abcdef";
    std::string out;
    for (std::uint8_t byte : digest) {
        out += kHex[byte >> 4];
        out += kHex[byte & 15];
    }
    return out;
}

} // namespace weft::frontend
