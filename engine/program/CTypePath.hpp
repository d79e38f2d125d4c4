// SPDX-License-Identifier: MIT
// Names a byte of a C object by the part of its type it falls in, as C would write it: offset 40 of
// `pthread_mutex_t forks[5]` is "[1]", of `struct queue q` perhaps ".lock", of an array of structs
// "[2].m". Used to name synchronisation objects and memory locations after the program's variables.
#pragma once

#include <cstdint>
#include <string>

namespace weft::program {

struct SourceMap;

/// The C suffix ("[1]", ".lock", "[2].m") of byte `offset` of an object of type `typeIndex` (spelled
/// `spelled`), descending arrays, structs and unions while the offset stays inside one part; a remaining
/// offset inside a part that has no parts is "+N" ("[1]+2"). Library types (pthread_*, sem_t) are not
/// descended. "" for offset 0 of a scalar; "+N" when the type is unknown. `intoFirstPart` false: the
/// remaining offset 0 of an aggregate names the aggregate itself (a pointer to a struct), true: its first
/// part, down to a scalar or library object (the mutex forks[0] an action locks).
std::string partPath(const SourceMap &map, std::uint32_t typeIndex, const std::string &spelled, std::uint64_t offset,
                     bool intoFirstPart = true);

/// Whether byte `offset` of an object of type `typeIndex` starts a part of pointer type (descending
/// arrays, structs and unions as partPath does): the value stored there is an address.
bool startsPointerPart(const SourceMap &map, std::uint32_t typeIndex, std::uint64_t offset);

} // namespace weft::program
