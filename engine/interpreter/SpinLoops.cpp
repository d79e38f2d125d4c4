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

/// The registers the instruction reads (constants left out).
template <typename F> void forEachUse(const program::Function &fn, const program::Instruction &in, F &&f) {
    using program::Opcode;
    auto operand = [&](program::Operand o) {
        if (o != program::kNoOperand && !program::isConstant(o))
            f(o);
    };
    switch (in.op) {
    case Opcode::Jump:
    case Opcode::Unreachable: break;
    case Opcode::Branch:
    case Opcode::Switch: operand(in.a); break;
    case Opcode::EdgeMoves:
        for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
            operand(fn.moves[i].src);
        break;
    case Opcode::CallIndirect: operand(in.a); [[fallthrough]];
    case Opcode::Call:
    case Opcode::CallBuiltin:
    case Opcode::Ret:
        for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
            operand(fn.operands[i]);
        break;
    default:
        operand(in.a);
        operand(in.b);
        operand(in.c);
        break;
    }
}

/// Computes its one result from its operands alone: no memory, no call, no second result.
bool isPure(program::Opcode op) {
    using program::Opcode;
    switch (op) {
    case Opcode::Load:
    case Opcode::Store:
    case Opcode::Alloca:
    case Opcode::AtomicRmw:
    case Opcode::CmpXchg:
    case Opcode::NoteCompared:
    case Opcode::Overflow:
    case Opcode::Jump:
    case Opcode::Branch:
    case Opcode::Switch:
    case Opcode::EdgeMoves:
    case Opcode::Call:
    case Opcode::CallIndirect:
    case Opcode::CallBuiltin:
    case Opcode::Ret:
    case Opcode::Unreachable:
    case Opcode::Unsupported: return false;
    default: return true;
    }
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

std::optional<ReReadLoop> LoopHeads::reReadLoop(std::uint32_t function, std::uint32_t pc) {
    auto &known = m_functions[function].reReads;
    for (const auto &[head, loop] : known)
        if (head == pc)
            return loop;
    return known.emplace_back(pc, findReReadLoop(function, pc)).second;
}

std::optional<ReReadLoop> LoopHeads::findReReadLoop(std::uint32_t function, std::uint32_t head) const {
    const program::Function &fn = m_program.functions[function];
    const std::vector<std::uint32_t> &phis = this->phis(function, head);
    if (phis.empty())
        return std::nullopt;
    const auto n = std::uint32_t(fn.code.size());
    // The head's block: straight code up to its branch.
    std::uint32_t branch = head;
    while (branch < n && !isControl(fn.code[branch].op) && fn.code[branch].op != program::Opcode::EdgeMoves &&
           fn.code[branch].op != program::Opcode::Ret && fn.code[branch].op != program::Opcode::Unreachable &&
           fn.code[branch].op != program::Opcode::Unsupported)
        ++branch;
    if (branch == n || fn.code[branch].op != program::Opcode::Branch)
        return std::nullopt;
    // The loop: what the head reaches without passing it again, and from which it is reached.
    std::vector<char> reached(n), inLoop(n);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges; // (to, from)
    std::vector<std::uint32_t> stack{head};
    reached[head] = 1;
    while (!stack.empty()) {
        const std::uint32_t at = stack.back();
        stack.pop_back();
        forEachSuccessor(fn, at, [&](std::uint32_t to) {
            if (to >= n)
                return;
            edges.emplace_back(to, at);
            if (!reached[to]) {
                reached[to] = 1;
                stack.push_back(to);
            }
        });
    }
    std::sort(edges.begin(), edges.end());
    inLoop[head] = 1;
    stack.push_back(head);
    while (!stack.empty()) {
        const std::uint32_t at = stack.back();
        stack.pop_back();
        for (auto e = std::lower_bound(edges.begin(), edges.end(), std::pair(at, 0u));
             e != edges.end() && e->first == at; ++e)
            if (!inLoop[e->second]) {
                inLoop[e->second] = 1;
                stack.push_back(e->second);
            }
    }
    const program::Instruction &test = fn.code[branch];
    const bool first = inLoop[std::uint32_t(test.imm)] != 0, second = test.dst < n && inLoop[test.dst] != 0;
    if (first == second)
        return std::nullopt;
    // What the phis decide: pure computations of the head's block on them and constants only.
    std::vector<std::uint32_t> decided(phis.begin(), phis.end());
    auto isDecided = [&](std::uint32_t r) { return std::find(decided.begin(), decided.end(), r) != decided.end(); };
    for (std::uint32_t at = head; at < branch; ++at) {
        const program::Instruction &in = fn.code[at];
        bool reads = false, onlyDecided = true;
        forEachUse(fn, in, [&](std::uint32_t r) {
            const bool d = isDecided(r);
            reads |= d;
            onlyDecided &= d;
        });
        if (!reads)
            continue;
        if (!isPure(in.op) || !onlyDecided)
            return std::nullopt;
        decided.push_back(in.dst);
    }
    // Nothing else in the loop reads them: not the iteration's code, not the values it carries back.
    for (std::uint32_t at = 0; at < n; ++at) {
        if (!inLoop[at] || (at >= head && at <= branch))
            continue;
        if (fn.code[at].op == program::Opcode::Unsupported)
            return std::nullopt;
        bool reads = false;
        forEachUse(fn, fn.code[at], [&](std::uint32_t r) { reads |= isDecided(r); });
        if (reads)
            return std::nullopt;
    }
    return ReReadLoop{branch, first ? std::uint32_t(test.imm) : test.dst};
}

// Aligned: run at every loop head the interpreter reaches (Stepper.hpp, runInstructions).
[[gnu::aligned(64)]] const std::vector<std::uint32_t> &LoopHeads::phis(std::uint32_t function, std::uint32_t pc) const {
    static const std::vector<std::uint32_t> kNone;
    const auto &list = m_functions[function].phis;
    const auto it = std::lower_bound(list.begin(), list.end(), pc,
                                     [](const auto &entry, std::uint32_t p) { return entry.first < p; });
    return it != list.end() && it->first == pc ? it->second : kNone;
}

} // namespace weft::interpreter
