// SPDX-License-Identifier: MIT
// Why a memory access, allocation or free is invalid: a value the interpreter turns into an
// UndefinedBehaviour defect with the source location and names it knows.
#pragma once

#include "engine/interpreter/MemoryObject.hpp"

#include <cstdint>
#include <string>

namespace weft::interpreter {

enum class MemoryFaultKind : std::uint8_t {
    NullPointer,     ///< access through null (or a small integer cast to a pointer)
    InvalidPointer,  ///< the pointer names no object (garbage, or a function used as data)
    OutOfBounds,
    UseAfterFree,
    UseAfterReturn,  ///< a local of a function that has returned
    Misaligned,
    ReadOnly,        ///< a write to a string literal or const global
    DoubleFree,
    InvalidFree,     ///< free of a pointer malloc did not return (stack, global, interior)
    TooManyObjects,  ///< the per-thread object numbering is exhausted
    Exhausted,       ///< the execution's memory limit (InterpreterOptions::maxMemory) is reached
};

enum class AccessKind : std::uint8_t { Read, Write, Free };

struct MemoryFault {
    MemoryFaultKind kind = MemoryFaultKind::InvalidPointer;
    AccessKind access = AccessKind::Read;
    std::uint64_t pointer = 0;
    std::uint64_t size = 0;   ///< bytes accessed
    std::int64_t offset = 0;  ///< into the object
    ObjectKind objectKind = ObjectKind::Null;
    std::uint32_t objectSize = 0;
    std::uint64_t site = 0;   ///< the object's MemoryObject::site

    /// "out-of-bounds read of 4 bytes at offset 40 of a 40-byte heap block"; `object` replaces the
    /// generic "a 40-byte heap block" when the caller can name it.
    std::string describe(const std::string &object = {}) const;
    /// "a 40-byte heap block", "a 16-byte local variable", ...
    std::string genericObject() const;
};

/// An address that names no object, as messages print it: in hexadecimal, as debuggers do
/// (`0xdeadbeef`, not 3735928559).
std::string addressText(std::uint64_t address);

} // namespace weft::interpreter
