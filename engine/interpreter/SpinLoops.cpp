// SPDX-License-Identifier: MIT
// Loop heads and back edges of the program's functions, found once (README "Spin loops"; the rule
// itself is SpinDetector.cpp).
#include "engine/interpreter/SpinLoops.hpp"

#include <algorithm>

namespace weft::interpreter {

namespace {

/// Where control can go after the instruction at `pc` (calls return to pc + 1).
template <typename F> void forEachSuccessor(const program::Function &fn, std::uint32_t pc, F &&f) {
    const program::Instruction &in = fn.code[pc];
    switch (in.op) {
    case program::Opcode::Jump:
    case program::Opcode::EdgeMoves: f(std::uint32_t(in.imm)); break;
    case program::Opcode::Branch:
        f(std::uint32_t(in.imm));
        f(in.dst);
        break;
    case program::Opcode::Switch:
        f(std::uint32_t(in.imm));
        for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
            f(fn.cases[i].target);
        break;
    case program::Opcode::Ret:
    case program::Opcode::Unreachable: break;
    case program::Opcode::Unsupported: // a call of an undefined function may go on (weft svcomp)
        if (in.aux & program::kUndefinedFunctionCall)
            f(pc + 1);
        break;
    default: f(pc + 1); break;
    }
}

bool isControl(program::Opcode op) {
    return op == program::Opcode::Jump || op == program::Opcode::Branch || op == program::Opcode::Switch;
}

} // namespace

LoopHeads::LoopHeads(const program::Program &program) : m_program(program) {
    m_functions.resize(program.functions.size());
    for (std::size_t fi = 0; fi < program.functions.size(); ++fi) {
        const program::Function &fn = program.functions[fi];
        FunctionLoops &loops = m_functions[fi];
        loops.heads.assign(fn.code.size(), false);
        for (std::uint32_t pc = 0; pc < fn.code.size(); ++pc) {
            const program::Instruction &in = fn.code[pc];
            if (in.op == program::Opcode::EdgeMoves) {
                std::vector<std::uint32_t> registers;
                for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                    registers.push_back(fn.moves[i].dst);
                loops.phis.emplace_back(std::uint32_t(in.imm), std::move(registers));
            }
            if (!isControl(in.op))
                continue;
            // A jump into a block with phis goes through its EdgeMoves trampoline (emitted after the
            // code): the edge is backward when the trampoline's target lies before the jump.
            forEachSuccessor(fn, pc, [&](std::uint32_t to) {
                if (to >= fn.code.size())
                    return;
                const bool trampoline = fn.code[to].op == program::Opcode::EdgeMoves;
                const std::uint32_t head = trampoline ? std::uint32_t(fn.code[to].imm) : to;
                if (head <= pc && head < fn.code.size()) {
                    loops.heads[head] = true;
                    loops.candidates.push_back({trampoline ? to : pc, head, pc});
                }
            });
        }
        std::sort(loops.candidates.begin(), loops.candidates.end());
        // One phi entry per head: the union of what its incoming edges set.
        std::sort(loops.phis.begin(), loops.phis.end());
        std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> merged;
        for (auto &[pc, registers] : loops.phis) {
            if (merged.empty() || merged.back().first != pc)
                merged.emplace_back(pc, std::vector<std::uint32_t>{});
            merged.back().second.insert(merged.back().second.end(), registers.begin(), registers.end());
        }
        for (auto &[pc, registers] : merged) {
            std::sort(registers.begin(), registers.end());
            registers.erase(std::unique(registers.begin(), registers.end()), registers.end());
        }
        loops.phis = std::move(merged);
    }
}

void LoopHeads::verify(std::uint32_t function) {
    FunctionLoops &loops = m_functions[function];
    loops.verified = true;
    const program::Function &fn = m_program.functions[function];
    // The head dominates the jump iff the jump cannot be reached from the entry without the head:
    // only then is every instruction of an iteration from the head back to it dominated by the
    // head, so the registers it defines (SSA) are dead at the head and only its phis carry state.
    std::vector<std::uint32_t> heads;
    for (const Edge &e : loops.candidates)
        heads.push_back(e.head);
    std::sort(heads.begin(), heads.end());
    heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
    std::vector<Edge> kept;
    std::vector<char> reached(fn.code.size());
    std::vector<std::uint32_t> stack;
    for (const std::uint32_t head : heads) {
        std::fill(reached.begin(), reached.end(), 0);
        stack.clear();
        if (head != 0) {
            reached[0] = 1;
            stack.push_back(0);
        }
        while (!stack.empty()) {
            const std::uint32_t pc = stack.back();
            stack.pop_back();
            forEachSuccessor(fn, pc, [&](std::uint32_t to) {
                if (to < fn.code.size() && to != head && !reached[to]) {
                    reached[to] = 1;
                    stack.push_back(to);
                }
            });
        }
        for (const Edge &e : loops.candidates)
            if (e.head == head && !reached[e.source])
                kept.push_back(e);
    }
    std::sort(kept.begin(), kept.end());
    loops.candidates = std::move(kept);
}

bool LoopHeads::isBackEdge(std::uint32_t function, std::uint32_t from, std::uint32_t head) {
    FunctionLoops &loops = m_functions[function];
    if (!loops.verified)
        verify(function);
    const auto it = std::lower_bound(loops.candidates.begin(), loops.candidates.end(), Edge{from, head, 0});
    return it != loops.candidates.end() && it->from == from && it->head == head;
}

const std::vector<std::uint32_t> &LoopHeads::phis(std::uint32_t function, std::uint32_t pc) const {
    static const std::vector<std::uint32_t> kNone;
    const auto &list = m_functions[function].phis;
    const auto it = std::lower_bound(list.begin(), list.end(), pc,
                                     [](const auto &entry, std::uint32_t p) { return entry.first < p; });
    return it != list.end() && it->first == pc ? it->second : kNone;
}

} // namespace weft::interpreter
