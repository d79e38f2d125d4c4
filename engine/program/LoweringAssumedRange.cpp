// SPDX-License-Identifier: MIT
// Finds the values of a wide input that get past the checks right after it by running the code
// that follows the call on one representative of each class of values that code cannot tell apart
// (docs/svcomp.md, "Inputs constrained by assumptions").
#include "engine/program/LoweringAssumedRange.hpp"

#include "engine/program/LoweringContext.hpp"

#include <llvm/ADT/APInt.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace weft::program {

namespace {

/// A value of the code run after the call: known bits, and whether they are the input itself
/// (possibly widened) rather than a value that is the same for every input of a class.
struct Known {
    llvm::APInt bits;
    bool input = false;
};

/// How far the code after the call is followed: the steps, and the calls entered.
constexpr unsigned kMaxSteps = 512;
constexpr unsigned kMaxDepth = 4;
/// The most class boundaries: past them the checks are not simple comparisons.
constexpr std::size_t kMaxBoundaries = 96;

struct Frame {
    const llvm::BasicBlock *block = nullptr;
    llvm::BasicBlock::const_iterator next;
    const llvm::BasicBlock *previous = nullptr;
    std::map<const llvm::Value *, Known> values;
    const llvm::CallInst *site = nullptr; ///< the call this frame returns to
};

/// Runs the code after the call for one input value, until the execution is cut (a false assume,
/// abort) or until it does anything else: something visible, or something this runner does not
/// follow (a value it does not know, the input used otherwise than compared with a value that is
/// the same for the whole class). Every comparison of the input adds its boundaries.
class Runner {
public:
    Runner(const llvm::CallInst &call, const LoweringContext &ctx, std::set<std::int64_t> &boundaries)
        : m_call(call), m_ctx(ctx), m_boundaries(boundaries), m_width(call.getType()->getIntegerBitWidth()) {}

    /// Whether the input `x` ends the execution before anything visible happens.
    bool cut(std::int64_t x) {
        m_cells.clear();
        m_frames.clear();
        Frame first;
        first.block = m_call.getParent();
        first.next = std::next(m_call.getIterator());
        first.values[&m_call] = {llvm::APInt(m_width, std::uint64_t(x), true), true};
        m_frames.push_back(std::move(first));
        for (unsigned step = 0; step < kMaxSteps; ++step) {
            const std::optional<bool> outcome = execute(*m_frames.back().next);
            if (outcome)
                return *outcome;
        }
        return false;
    }

    /// Whether a store was followed (the range then needs the calling thread alone).
    bool storedToMemory() const { return m_storedToMemory; }

private:
    std::optional<Known> get(const llvm::Value *v) const {
        if (const auto *k = llvm::dyn_cast<llvm::ConstantInt>(v))
            return Known{k->getValue(), false};
        const auto &values = m_frames.back().values;
        if (const auto it = values.find(v); it != values.end())
            return it->second;
        return std::nullopt;
    }

    /// The input's value at `bits`' width, as a signed number of the input's width: a boundary.
    void addBoundary(const llvm::APInt &bits) {
        const std::int64_t k = bits.zextOrTrunc(m_width).getSExtValue();
        const std::int64_t lo =
            m_width >= 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t{1} << (m_width - 1));
        const std::int64_t hi =
            m_width >= 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (m_width - 1)) - 1;
        m_boundaries.insert(k);
        if (k > lo)
            m_boundaries.insert(k - 1);
        if (k < hi)
            m_boundaries.insert(k + 1);
    }

    void define(const llvm::Value *v, Known k) { m_frames.back().values[v] = std::move(k); }

    /// Moves to `target`, evaluating its phis for the edge taken.
    void jump(const llvm::BasicBlock *target) {
        Frame &f = m_frames.back();
        std::vector<std::pair<const llvm::PHINode *, std::optional<Known>>> phis;
        for (const llvm::PHINode &phi : target->phis())
            phis.emplace_back(&phi, get(phi.getIncomingValueForBlock(f.block)));
        for (auto &[phi, value] : phis) {
            if (value)
                f.values[phi] = *value;
            else
                f.values.erase(phi);
        }
        f.previous = f.block;
        f.block = target;
        f.next = target->getFirstNonPHIIt();
    }

    static bool compare(llvm::CmpInst::Predicate p, const llvm::APInt &a, const llvm::APInt &b) {
        return llvm::ICmpInst::compare(a, b, p);
    }

    /// One instruction: nullopt to go on, true when the execution is cut, false when it goes on
    /// past what this runner follows.
    std::optional<bool> execute(const llvm::Instruction &inst) {
        Frame &f = m_frames.back();
        ++f.next;
        if (const auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(&inst)) {
            const auto a = get(cmp->getOperand(0));
            const auto b = get(cmp->getOperand(1));
            if (!a || !b || (a->input && b->input))
                return false;
            if (a->input)
                addBoundary(b->bits);
            if (b->input)
                addBoundary(a->bits);
            define(cmp, {llvm::APInt(1, compare(cmp->getPredicate(), a->bits, b->bits) ? 1 : 0), false});
            return std::nullopt;
        }
        if (llvm::isa<llvm::ZExtInst>(inst) || llvm::isa<llvm::SExtInst>(inst)) {
            const auto a = get(inst.getOperand(0));
            if (!a)
                return false;
            const unsigned to = inst.getType()->getIntegerBitWidth();
            define(&inst, {llvm::isa<llvm::ZExtInst>(inst) ? a->bits.zext(to) : a->bits.sext(to), a->input});
            return std::nullopt;
        }
        if (const auto *op = llvm::dyn_cast<llvm::BinaryOperator>(&inst)) {
            const auto a = get(op->getOperand(0));
            const auto b = get(op->getOperand(1));
            if (!a || !b || a->input || b->input)
                return false;
            switch (op->getOpcode()) {
            case llvm::Instruction::And: define(op, {a->bits & b->bits, false}); return std::nullopt;
            case llvm::Instruction::Or: define(op, {a->bits | b->bits, false}); return std::nullopt;
            case llvm::Instruction::Xor: define(op, {a->bits ^ b->bits, false}); return std::nullopt;
            default: return false;
            }
        }
        if (const auto *select = llvm::dyn_cast<llvm::SelectInst>(&inst)) {
            const auto c = get(select->getCondition());
            if (!c || c->input)
                return false;
            const auto chosen = get(c->bits.isZero() ? select->getFalseValue() : select->getTrueValue());
            if (!chosen)
                return false;
            define(select, *chosen);
            return std::nullopt;
        }
        if (const auto *br = llvm::dyn_cast<llvm::BranchInst>(&inst)) {
            if (br->isUnconditional()) {
                jump(br->getSuccessor(0));
                return std::nullopt;
            }
            const auto c = get(br->getCondition());
            if (!c || c->input)
                return false;
            jump(br->getSuccessor(c->bits.isZero() ? 1 : 0));
            return std::nullopt;
        }
        if (const auto *sw = llvm::dyn_cast<llvm::SwitchInst>(&inst)) {
            const auto c = get(sw->getCondition());
            if (!c)
                return false;
            const llvm::BasicBlock *target = sw->getDefaultDest();
            for (const auto &kase : sw->cases()) {
                if (c->input)
                    addBoundary(kase.getCaseValue()->getValue());
                if (kase.getCaseValue()->getValue() == c->bits)
                    target = kase.getCaseSuccessor();
            }
            jump(target);
            return std::nullopt;
        }
        if (const auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
            // Into a variable itself (not an element), read back below: with no other thread, nobody
            // else sees or changes it before the checks are done.
            const llvm::Value *p = store->getPointerOperand();
            const auto v = get(store->getValueOperand());
            const auto *global = llvm::dyn_cast<llvm::GlobalVariable>(p);
            if (!v || store->isAtomic() ||
                !(llvm::isa<llvm::AllocaInst>(p) ||
                  (global && !global->isConstant() && m_ctx.globalIndex.contains(global))))
                return false;
            m_cells[p] = *v;
            m_storedToMemory = true;
            return std::nullopt;
        }
        if (const auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
            const auto it = m_cells.find(load->getPointerOperand());
            if (it == m_cells.end() || load->isAtomic() || !load->getType()->isIntegerTy() ||
                load->getType()->getIntegerBitWidth() != it->second.bits.getBitWidth())
                return false;
            define(load, it->second);
            return std::nullopt;
        }
        if (const auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
            return enter(*call);
        if (const auto *ret = llvm::dyn_cast<llvm::ReturnInst>(&inst)) {
            if (m_frames.size() == 1)
                return false; // the input's function returns: its caller may do anything
            std::optional<Known> result;
            if (ret->getReturnValue())
                result = get(ret->getReturnValue());
            const llvm::CallInst *site = m_frames.back().site;
            m_frames.pop_back();
            if (result)
                define(site, *result);
            return std::nullopt;
        }
        return false;
    }

    std::optional<bool> enter(const llvm::CallInst &call) {
        if (const auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&call)) {
            if (llvm::isa<llvm::DbgInfoIntrinsic>(intrinsic) || intrinsic->isLifetimeStartOrEnd())
                return std::nullopt;
            return false;
        }
        const std::optional<Builtin> builtin = m_ctx.builtinCalled(call);
        if (builtin == Builtin::Abort)
            return true; // SV-COMP: abort() ends the execution silently
        if (builtin == Builtin::VerifierAssume) {
            const auto c = call.arg_size() > 0 ? get(call.getArgOperand(0)) : std::nullopt;
            if (!c || c->input)
                return false;
            if (c->bits.isZero())
                return true;
            return std::nullopt;
        }
        const auto *callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
        if (!callee || callee->isDeclaration() || callee->isVarArg() || m_frames.size() >= kMaxDepth ||
            callee->arg_size() != call.arg_size())
            return false;
        // A function of the program (assume_abort_if_not): followed inside, its arguments bound.
        Frame inner;
        inner.block = &callee->getEntryBlock();
        inner.next = inner.block->begin();
        inner.site = &call;
        for (unsigned i = 0; i < call.arg_size(); ++i)
            if (const auto a = get(call.getArgOperand(i)))
                inner.values[callee->getArg(i)] = *a;
        m_frames.push_back(std::move(inner));
        return std::nullopt;
    }

    const llvm::CallInst &m_call;
    const LoweringContext &m_ctx;
    std::set<std::int64_t> &m_boundaries;
    unsigned m_width;
    std::vector<Frame> m_frames;
    std::map<const llvm::Value *, Known> m_cells;
    bool m_storedToMemory = false;
};

} // namespace

std::optional<AssumedRange> assumedRange(const llvm::CallInst &call, const LoweringContext &ctx) {
    if (!call.getType()->isIntegerTy() || call.getType()->getIntegerBitWidth() > 64)
        return std::nullopt;
    const unsigned width = call.getType()->getIntegerBitWidth();
    const std::int64_t min = width >= 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t{1} << (width - 1));
    const std::int64_t max =
        width >= 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (width - 1)) - 1;
    // The values between two boundaries (each boundary is a class of its own) take the same path
    // through the code that follows: every comparison of the input on it is with a value that is
    // a boundary or next to one, so it answers the same for all of them. Boundaries are added as
    // comparisons are found, until the path of every class has been followed with all of its own.
    std::set<std::int64_t> boundaries{min, -1, 0, max};
    Runner runner(call, ctx, boundaries);
    bool through = false; // some value gets through
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    for (;;) {
        const std::set<std::int64_t> known = boundaries;
        through = false;
        lo = hi = 0;
        for (auto it = known.begin(); it != known.end(); ++it) {
            const auto next = std::next(it);
            // The boundary itself, then the values up to the next one.
            std::vector<std::pair<std::int64_t, std::int64_t>> classes{{*it, *it}};
            if (next != known.end() && *it + 1 < *next)
                classes.emplace_back(*it + 1, *next - 1);
            for (const auto &[first, last] : classes) {
                if (runner.cut(first))
                    continue;
                lo = through ? std::min(lo, first) : first;
                hi = through ? std::max(hi, last) : last;
                through = true;
            }
        }
        if (boundaries == known)
            break;
        if (boundaries.size() > kMaxBoundaries)
            return std::nullopt;
    }
    // With no value getting through, lo = hi = 0 stands for all (each is cut alike).
    if (lo < kAssumedRangeMin || hi > kAssumedRangeMax || hi - lo + 1 > kMaxAssumedValues)
        return std::nullopt;
    return AssumedRange{lo, hi, runner.storedToMemory()};
}

} // namespace weft::program
