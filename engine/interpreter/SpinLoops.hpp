// SPDX-License-Identifier: MIT
// Where spin loops can be recognised: a function's loop heads, the back edges into them (a jump from
// code the head dominates) and the registers the heads' phis set. An iteration that comes back to
// its head along a back edge with the same phi values, having stored, called and allocated nothing,
// changed nothing (engine/unfolding/README.md, "Spin loops and awaits").
#pragma once

#include "engine/program/Program.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace weft::interpreter {

/// A loop whose head's phis nothing but the head's own exit test reads (LoopHeads::reReadLoop).
struct ReReadLoop {
    std::uint32_t branch = 0; ///< the head block's branch: leave the loop or go on
    std::uint32_t stay = 0;   ///< its target that stays in the loop
};

class LoopHeads {
public:
    explicit LoopHeads(const program::Program &program);

    /// Whether `pc` of `function` is the target of a backward jump (a cheap filter before isBackEdge).
    bool isHead(std::uint32_t function, std::uint32_t pc) const {
        const std::vector<bool> &heads = m_functions[function].heads;
        return pc < heads.size() && heads[pc];
    }
    /// Whether the jump at `from` to the head `head` closes a loop: `head` dominates the jump's block
    /// (for an EdgeMoves trampoline, the branch that leads to it). Computed per function on first use.
    bool isBackEdge(std::uint32_t function, std::uint32_t from, std::uint32_t head);
    /// The registers the phis of the head at `pc` set, sorted (empty when it has none).
    const std::vector<std::uint32_t> &phis(std::uint32_t function, std::uint32_t pc) const;
    /// The head at `pc` has phis, and only its own block reads them: pure computations on them, the
    /// constants and registers set before the loop, ending in the branch that leaves the loop or
    /// goes on (`a = x; while (a != 0) a = x;`). Then an iteration's effect on the thread's state is
    /// a function of its reads alone. Computed per head on first use.
    std::optional<ReReadLoop> reReadLoop(std::uint32_t function, std::uint32_t pc);

private:
    struct Edge {
        std::uint32_t from;   ///< the jumping instruction (or trampoline)
        std::uint32_t head;
        std::uint32_t source; ///< the instruction whose block must be dominated (the branch)
        friend auto operator<=>(const Edge &, const Edge &) = default;
    };
    struct FunctionLoops {
        std::vector<bool> heads;
        std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> phis; ///< by head pc
        std::vector<Edge> candidates; ///< backward jumps, sorted
        bool verified = false;        ///< candidates reduced to the dominated ones
        std::vector<std::pair<std::uint32_t, std::optional<ReReadLoop>>> reReads; ///< by head pc, as found
    };
    void verify(std::uint32_t function);
    std::optional<ReReadLoop> findReReadLoop(std::uint32_t function, std::uint32_t head) const;

    const program::Program &m_program;
    std::vector<FunctionLoops> m_functions;
};

} // namespace weft::interpreter
