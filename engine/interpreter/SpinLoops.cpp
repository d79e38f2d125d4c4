// SPDX-License-Identifier: MIT
// The Stepper's spin-loop rule (README "Spin loops", engine/unfolding/README.md "Spin loops and
// awaits"): a loop iteration that changes nothing either can never end (a livelock) or waits for
// another thread to change what it read (an await: the thread stops here for good, and the
// executions in which its read sees the change are explored instead).
#include "engine/interpreter/SpinLoops.hpp"

#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/Stepper.hpp"

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
    case program::Opcode::Unreachable:
    case program::Opcode::Unsupported: break;
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

void Stepper::noteSpinRead(const InterpreterState &, ThreadState &t, std::uint64_t address, std::uint32_t size,
                           std::uint64_t value, bool event) {
    // A long scan is no spin worth recognising; the bound keeps the watch cheap.
    constexpr std::size_t kMaxReads = 64;
    SpinWatch &w = t.spin;
    if (w.reads.size() >= kMaxReads) {
        w.clean = false;
        return;
    }
    // Under sync no read is an event, and which memory other threads reach is not tracked (the
    // escape rule is the sc model's): any read may be of memory another thread changes.
    const bool shared = event || m_options.model == MemoryModel::Sync;
    w.reads.push_back({address, size, value, shared});
}

} // namespace weft::interpreter

namespace weft::interpreter {

Stepper::Next Stepper::atLoopHead(const InterpreterState &state, ThreadState &t, std::uint32_t from) {
    const Frame &f = t.stack.top();
    SpinWatch &w = t.spin;
    const auto depth = std::uint32_t(t.stack.frames.size());
    const std::vector<std::uint32_t> &phis = m_loops.phis(f.function, f.pc);
    const std::uint64_t *regs = t.stack.registers.data() + f.base;
    SpinAnchor *anchor = nullptr;
    if (!w.clean || w.depth != depth || w.function != f.function) {
        // Something happened since the heads were last seen: watch afresh from here, reusing the
        // first slot (a loop that stores in every iteration allocates nothing).
        w.anchors.resize(std::min<std::size_t>(w.anchors.size(), 1));
        if (w.anchors.empty())
            w.anchors.emplace_back();
        anchor = &w.anchors.front();
        anchor->pc = f.pc;
        w.reads.clear();
        w.clean = true;
        w.depth = depth;
        w.function = f.function;
    } else {
        for (SpinAnchor &a : w.anchors)
            if (a.pc == f.pc)
                anchor = &a;
        if (anchor) {
            // Without a read since the anchor only a livelock is possible, and finding it a few
            // iterations late costs nothing but time: compare every 64th arrival, keeping the old
            // anchor (a segment of several iterations back to the same state repeats as well as one
            // does). With reads, every arrival: each read is an event, and the cut must come at once.
            constexpr std::uint32_t kStride = 64;
            if (w.reads.size() == anchor->readsFrom && ++anchor->skipped < kStride)
                return Next::Continue;
            bool same = anchor->phis.size() == phis.size();
            for (std::size_t i = 0; same && i < phis.size(); ++i)
                same = anchor->phis[i] == regs[phis[i]];
            if (same && m_loops.isBackEdge(f.function, from, f.pc))
                return spinning(state, t, anchor->readsFrom);
        } else {
            // Several heads are watched at once, so a spin whose iteration runs an inner loop is seen too.
            constexpr std::size_t kMaxAnchors = 8;
            if (w.anchors.size() == kMaxAnchors)
                w.anchors.erase(w.anchors.begin());
            anchor = &w.anchors.emplace_back();
            anchor->pc = f.pc;
        }
    }
    anchor->readsFrom = std::uint32_t(w.reads.size());
    anchor->skipped = 0;
    anchor->phis.resize(phis.size());
    for (std::size_t i = 0; i < phis.size(); ++i)
        anchor->phis[i] = regs[phis[i]];
    return Next::Continue;
}

std::string Stepper::describeReads(const InterpreterState &state, const std::vector<SpinRead> &reads) const {
    std::string out;
    std::vector<std::uint64_t> named;
    for (const SpinRead &r : reads) {
        if (!r.shared || std::find(named.begin(), named.end(), r.address) != named.end())
            continue;
        named.push_back(r.address);
        if (!out.empty())
            out += ", ";
        out += describeAddress(state, r.address) + " = " + std::to_string(signExtend(r.value, r.size * 8));
    }
    return out;
}

Stepper::Next Stepper::spinning(const InterpreterState &state, ThreadState &t, std::uint32_t readsFrom) {
    SpinWatch &w = t.spin;
    const std::vector<SpinRead> reads(w.reads.begin() + readsFrom, w.reads.end());
    const std::string who = "thread T" + std::to_string(t.id);
    const bool waits = std::any_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.shared; });
    if (!waits) {
        // Nothing another thread does can change what the loop reads: it never ends.
        if (m_options.livelocksEndSilently) {
            t.pending = Action{ActionKind::AssumeBlocked, t.id, 0};
            w = {};
            return Next::Stop;
        }
        raise(t, DefectKind::Livelock,
              who + " loops forever: an iteration of this loop changes nothing and reads no memory another "
                    "thread can change");
        return Next::Fault;
    }
    if (m_options.model == MemoryModel::Sync) {
        raise(t, DefectKind::Livelock,
              who + " spins forever waiting for " + describeReads(state, reads) +
                  " to change: under --model sync no other thread runs while a thread runs its local code "
                  "(--model sc explores this wait)");
        return Next::Fault;
    }
    // An await: this iteration changed nothing, so any later one that reads the same values changes
    // nothing either; the executions where the reads see another thread's change are explored apart.
    t.pending = Action{ActionKind::AwaitBlocked, t.id, 0};
    t.awaitFunction = t.stack.top().function;
    t.awaitPc = t.stack.top().pc;
    t.awaited.clear();
    for (const SpinRead &r : reads)
        if (r.shared)
            t.awaited.push_back(r);
    w = {};
    return Next::Stop;
}

} // namespace weft::interpreter
