// SPDX-License-Identifier: MIT
// Turns the bytes of a replayed program's variable into what the variables pane shows: a scalar's
// text by its C type, a struct, union or array as a summary with its fields or elements as
// children, recursively (from the source map's type table). Bounded: at most kMaxElements elements
// of an array and kMaxParts parts per variable, so a huge array costs no more than a small one. The
// replay's thread.
#pragma once

#include "engine/debugger/ProgramState.hpp"

#include <cstdint>
#include <string>

namespace weft::interpreter {
struct InterpreterState;
}

namespace weft::program {
struct CType;
struct Variable;
} // namespace weft::program

namespace weft::debugger {

class Replay;

/// The threads library's objects a debugger shows by their state rather than their bytes.
enum class SyncKind : std::uint8_t { None, Mutex, Condition, Semaphore, Barrier, ReadWriteLock };

class ValueFormatter {
public:
    static constexpr std::uint64_t kMaxElements = 100; ///< elements of one array shown as children
    static constexpr std::uint64_t kMaxParts = 4000; ///< fields and elements shown for one variable
    static constexpr std::size_t kMaxSummary = 80; ///< characters of a struct's or array's summary

    explicit ValueFormatter(const Replay &replay);

    /// A variable held in a register (a promoted local): `raw` is its value.
    debugger::VariableValue inRegister(const program::Variable &variable, std::uint64_t raw) const;
    /// A variable in memory at `address`.
    debugger::VariableValue inMemory(const program::Variable &variable, std::uint64_t address) const;

private:
    /// The bytes of a part of an object: `available` of them from `bytes` (fewer than its size if
    /// the object ends early); `address` is where they are in the program's memory.
    struct Bytes {
        std::uint64_t address = 0;
        const std::uint8_t *bytes = nullptr;
        std::uint64_t available = 0;

        Bytes at(std::uint64_t offset) const {
            return offset < available ? Bytes{address + offset, bytes + offset, available - offset}
                                      : Bytes{address + offset, nullptr, 0};
        }
    };

    /// Fills `out` (name and spelled type set) from the bytes `where`, with at most `budget` parts.
    void describe(debugger::VariableValue &out, std::uint32_t typeIndex, Bytes where,
                  std::uint64_t &budget, unsigned depth) const;
    void describeParts(debugger::VariableValue &out, const program::CType &type, Bytes where,
                       std::uint64_t &budget, unsigned depth) const;
    std::string scalarText(const std::string &spelled, const program::CType *type,
                           std::uint64_t raw) const;
    /// A mutex, condition variable, semaphore, barrier or read-write lock at `address` by its state:
    /// "locked by T1 (2 times)", "waiters: T1, T2", "value 3", "2 of 3 arrived", "read-locked by T1, T2".
    std::string syncText(SyncKind kind, std::uint64_t address) const;

    const Replay &m_replay;
    const interpreter::InterpreterState &m_state;
};

} // namespace weft::debugger
