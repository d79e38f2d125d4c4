// SPDX-License-Identifier: MIT
// Lowers calls: direct, indirect, to builtins (libc/pthread) and intrinsics. Inline asm, unknown
// external functions and unsupported intrinsics become Unsupported instructions (a defect when
// reached) with a load-time warning at the call's location.
#include "engine/program/FunctionLowering.hpp"

#include "engine/program/LoweringAssumedRange.hpp"

#include "engine/base/Message.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <cassert>

namespace weft::program {

namespace {

/// An inline assembly statement that does nothing to an interpreter running the program's accesses
/// in order: a compiler barrier (`asm volatile("" ::: "memory")`) or a spin-wait hint (`pause`, `nop`),
/// with no outputs (an output constraint, register or memory, would be a result Weft cannot compute).
bool isNoOpAssembly(const llvm::CallInst &call) {
    const auto *code = llvm::cast<llvm::InlineAsm>(call.getCalledOperand());
    if (!call.getType()->isVoidTy() || code->getConstraintString().find('=') != std::string::npos)
        return false;
    std::string text;
    for (const char c : code->getAsmString())
        if (c != ' ' && c != '\t' && c != '\n' && c != ';')
            text += c;
    return text.empty() || text == "nop" || text == "pause" || text == "repnop";
}

/// Whether every use of `v` (through widening casts) is a comparison or switch against constants in
/// 0..15; then `largest` is raised to the largest of them. The value's behaviour then depends only on
/// where it stands among those constants, in signed and in unsigned order: the negative values all
/// behave like -1, those above the largest like largest + 1 (README, "weft svcomp"). Truncation,
/// arithmetic, stores, calls, phis: the value escapes, false.
bool comparedOnlyWithSmallConstants(const llvm::Value &v, std::uint8_t &largest, unsigned depth = 0) {
    auto small = [&](const llvm::Value *c) {
        const auto *k = llvm::dyn_cast<llvm::ConstantInt>(c);
        if (!k || k->isNegative() || !k->getValue().ule(15))
            return false;
        largest = std::max(largest, std::uint8_t(k->getZExtValue()));
        return true;
    };
    if (depth > 4)
        return false;
    for (const llvm::User *user : v.users()) {
        if (const auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(user)) {
            if (!small(cmp->getOperand(cmp->getOperand(0) == &v ? 1 : 0)))
                return false;
        } else if (const auto *sw = llvm::dyn_cast<llvm::SwitchInst>(user)) {
            if (sw->getCondition() != &v)
                return false;
            for (const auto &c : sw->cases())
                if (!small(c.getCaseValue()))
                    return false;
        } else if (llvm::isa<llvm::ZExtInst>(user) || llvm::isa<llvm::SExtInst>(user)) {
            if (!comparedOnlyWithSmallConstants(*user, largest, depth + 1))
                return false;
        } else {
            return false;
        }
    }
    return true;
}

/// The aux marking a nondet value only compared with small constants (0 if it is not).
std::uint8_t smallConstantsMark(const llvm::Value &v) {
    std::uint8_t largest = 0;
    return comparedOnlyWithSmallConstants(v, largest) ? std::uint8_t(kNondetComparedWithSmallConstants | largest) : 0;
}

/// A division or remainder: its value may be undefined behaviour, which is not nothing.
bool isDivision(const llvm::User &user) {
    const unsigned op = llvm::cast<llvm::Instruction>(user).getOpcode();
    return op == llvm::Instruction::UDiv || op == llvm::Instruction::SDiv || op == llvm::Instruction::URem ||
           op == llvm::Instruction::SRem;
}

/// Whether `v` can change nothing: unused, or only passed (through casts, arithmetic, comparisons
/// and selects computing nothing else) to functions with no side effect whose results do not depend
/// on their arguments (undefined functions, weft svcomp).
bool onlyPassedToUndefinedFunctions(const llvm::Value &v, const LoweringContext &ctx, unsigned depth = 0) {
    if (depth > 8)
        return false;
    for (const llvm::Use &use : v.uses()) {
        const llvm::User *user = use.getUser();
        if (const auto *call = llvm::dyn_cast<llvm::CallInst>(user)) {
            const auto *callee = llvm::dyn_cast<llvm::Function>(call->getCalledOperand()->stripPointerCasts());
            if (!callee || !ctx.undefinedFunctions.contains(callee) || call->isCallee(&use))
                return false;
        } else if ((llvm::isa<llvm::CastInst>(user) && !llvm::isa<llvm::IntToPtrInst>(user)) ||
                   (llvm::isa<llvm::BinaryOperator>(user) && !isDivision(*user)) || llvm::isa<llvm::ICmpInst>(user) ||
                   llvm::isa<llvm::SelectInst>(user)) {
            if (!onlyPassedToUndefinedFunctions(*user, ctx, depth + 1))
                return false;
        } else {
            return false;
        }
    }
    return true;
}

/// Whether `p` visibly points to a 32-bit integer: a variable, an array element or a field of that type.
bool pointsToInt32(const llvm::Value *p) {
    p = p->stripPointerCasts();
    llvm::Type *type = nullptr;
    if (const auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(p))
        type = alloca->getAllocatedType();
    else if (const auto *global = llvm::dyn_cast<llvm::GlobalVariable>(p))
        type = global->getValueType();
    else if (const auto *gep = llvm::dyn_cast<llvm::GEPOperator>(p))
        type = gep->getResultElementType();
    while (type && type->isArrayTy())
        type = type->getArrayElementType();
    return type && type->isIntegerTy(32);
}

} // namespace

void FunctionLowering::emitCall(Opcode op, std::int64_t imm, Operand callee, const llvm::CallInst &call) {
    const std::uint32_t first = std::uint32_t(m_out.operands.size());
    for (const llvm::Use &arg : call.args())
        for (Operand o : operands(arg.get()))
            m_out.operands.push_back(o);
    const bool hasResult = !call.getType()->isVoidTy();
    emit({.op = op, .size = std::uint8_t(hasResult ? m_regs.at(&call).second : 0),
          .dst = hasResult ? reg(&call) : 0, .a = callee, .b = first,
          .c = std::uint32_t(m_out.operands.size()) - first, .imm = imm});
}

void FunctionLowering::markRanges(Instruction &in, const llvm::CallInst &call) {
    in.aux |= smallConstantsMark(call);
    if (in.op == Opcode::CallBuiltin && m_ctx.equalityInputs.calls.contains(&call))
        in.aux |= kNondetComparedForEquality;
    if (const std::optional<AssumedRange> range = assumedRange(call, m_ctx)) {
        in.a = Operand(m_ctx.program.assumedRanges.size());
        m_ctx.program.assumedRanges.push_back(*range);
    }
}

void FunctionLowering::emitUnsupported(const llvm::CallInst &call, const std::string &what) {
    const std::uint32_t message = m_ctx.unsupported(m_ctx.spotOf(call), what);
    emit({.op = Opcode::Unsupported, .imm = std::int64_t(message)});
}

void FunctionLowering::lowerCall(const llvm::CallInst &call) {
    if (call.isInlineAsm()) {
        if (!isNoOpAssembly(call))
            emitUnsupported(call, english(MessageKind::InlineAssembly, {}));
        return;
    }
    const auto *callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
    if (!callee) {
        emitCall(Opcode::CallIndirect, 0, operand(call.getCalledOperand()), call);
        return;
    }
    if (callee->isIntrinsic()) {
        lowerIntrinsic(call, callee->getIntrinsicID());
        return;
    }
    const auto it = m_ctx.functionIndex.find(callee);
    assert(it != m_ctx.functionIndex.end());
    const Function &target = m_ctx.program.functions[it->second];
    if (callee->isDeclaration() && !target.builtin) {
        emitUnsupported(call, LoweringContext::describeUnsupportedCall(callee->getName().str()));
        // weft svcomp runs a function SV-COMP reads as undefined as returning an arbitrary value of
        // its type: an integer of up to 64 bits, a pointer, or nothing (a float or an aggregate result
        // stays unsupported there too).
        llvm::Type *result = call.getType();
        const bool integer = result->isIntegerTy() && result->getIntegerBitWidth() <= 64;
        if (!m_ctx.undefinedFunctions.contains(callee) || !(result->isVoidTy() || integer || result->isPointerTy()))
            return;
        Instruction &in = m_out.code.back();
        in.aux = kUndefinedFunctionCall;
        if (result->isVoidTy() || onlyPassedToUndefinedFunctions(call, m_ctx))
            return; // run as void: no value it returns can matter
        if (result->isPointerTy())
            in.aux |= kUndefinedResultIsPointer;
        else
            markRanges(in, call);
        in.dst = reg(&call);
        in.size = std::uint8_t(m_regs.at(&call).second);
        in.width = widthOf(result);
        return;
    }
    if (target.builtin && *target.builtin >= Builtin::NondetInt && *target.builtin <= Builtin::NondetBool &&
        !call.use_empty() && onlyPassedToUndefinedFunctions(call, m_ctx)) {
        // An input (or an uninitialised local, ArbitraryLocals) only passed to undefined functions:
        // its value can change nothing, so none is chosen.
        emit({.op = Opcode::Move, .dst = reg(&call), .a = m_ctx.constant(0)});
        return;
    }
    if (target.builtin) {
        emitCall(Opcode::CallBuiltin, std::int64_t(*target.builtin), kNoOperand, call);
        if (target.builtin == Builtin::MutexLock && !call.use_empty())
            m_out.code.back().aux = kLockResultUsed;
        else if (target.builtin == Builtin::PthreadCreate && call.arg_size() > 0 &&
                 pointsToInt32(call.getArgOperand(0)))
            m_out.code.back().aux = kThreadHandle4Bytes;
        else if (isWideNondet(*target.builtin))
            markRanges(m_out.code.back(), call);
    } else
        emitCall(Opcode::Call, it->second, kNoOperand, call);
}

void FunctionLowering::lowerIntrinsic(const llvm::CallInst &call, unsigned id) {
    namespace In = llvm::Intrinsic;
    auto arg = [&](unsigned i) { return operand(call.getArgOperand(i)); };
    const std::uint8_t width = call.getType()->isVoidTy() ? 0 : widthOf(call.getType());
    auto builtin = [&](Builtin b, unsigned argCount) {
        const std::uint32_t first = std::uint32_t(m_out.operands.size());
        for (unsigned i = 0; i < argCount; ++i)
            m_out.operands.push_back(arg(i));
        emit({.op = Opcode::CallBuiltin, .b = first, .c = argCount, .imm = std::int64_t(b)});
    };
    auto fmath = [&](FloatFunction f, unsigned argCount) {
        emit({.op = Opcode::FMath, .width = width, .aux = std::uint8_t(f), .dst = reg(&call), .a = arg(0),
              .b = argCount > 1 ? arg(1) : kNoOperand, .c = argCount > 2 ? arg(2) : kNoOperand});
    };
    auto imath = [&](IntFunction f, unsigned argCount) {
        emit({.op = Opcode::IntMath, .width = width, .aux = std::uint8_t(f), .dst = reg(&call), .a = arg(0),
              .b = argCount > 1 ? arg(1) : kNoOperand});
    };
    // A libm function of the interpreter (MathFunctions.def), by the argument's precision.
    auto libm = [&](Builtin forDouble, Builtin forFloat, unsigned argCount) {
        const bool isFloat = call.getArgOperand(0)->getType()->isFloatTy();
        const std::uint32_t first = std::uint32_t(m_out.operands.size());
        for (unsigned i = 0; i < argCount; ++i)
            m_out.operands.push_back(arg(i));
        emit({.op = Opcode::CallBuiltin, .size = std::uint8_t(m_regs.at(&call).second), .dst = reg(&call), .b = first,
              .c = argCount, .imm = std::int64_t(isFloat ? forFloat : forDouble)});
    };
    auto overflow = [&](OverflowOp o) {
        emit({.op = Opcode::Overflow, .width = widthOf(call.getArgOperand(0)->getType()), .aux = std::uint8_t(o),
              .dst = reg(&call), .a = arg(0), .b = arg(1)});
    };
    switch (id) {
    case In::dbg_declare:
    case In::dbg_value: {
        auto &dbg = llvm::cast<llvm::DbgVariableIntrinsic>(call);
        if (dbg.getExpression()->getNumElements() == 0)
            bind(dbg.getVariable(), dbg.getVariableLocationOp(0), id == In::dbg_declare);
        return;
    }
    case In::dbg_label:
    case In::lifetime_start:
    case In::lifetime_end:
    case In::assume:
    case In::experimental_noalias_scope_decl:
    case In::invariant_end:
    case In::donothing:
    case In::sideeffect:
    case In::var_annotation:
    case In::stackrestore:
        return;
    case In::stacksave: emit({.op = Opcode::Move, .dst = reg(&call), .a = m_ctx.constant(0)}); return;
    case In::prefetch: return;
    case In::is_constant: emit({.op = Opcode::Move, .dst = reg(&call), .a = m_ctx.constant(0)}); return;
    case In::objectsize: { // "unknown": -1, or 0 when the minimum is asked for
        const auto *min = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(1));
        const std::uint64_t unknown = min && min->isOne() ? 0 : ~std::uint64_t{0} >> (64 - width);
        emit({.op = Opcode::Move, .dst = reg(&call), .a = m_ctx.constant(unknown)});
        return;
    }
    case In::expect:
    case In::invariant_start:
    case In::ptr_annotation:
    case In::launder_invariant_group:
    case In::strip_invariant_group: emit({.op = Opcode::Move, .dst = reg(&call), .a = arg(0)}); return;
    case In::threadlocal_address: // the calling thread's copy of the variable
        emitCall(Opcode::CallBuiltin, std::int64_t(Builtin::ThreadLocalAddress), kNoOperand, call);
        return;
    case In::memcpy:
    case In::memcpy_inline: builtin(Builtin::Memcpy, 3); return;
    case In::memmove: builtin(Builtin::Memmove, 3); return;
    case In::memset:
    case In::memset_inline: builtin(Builtin::Memset, 3); return;
    case In::trap:
    case In::debugtrap: builtin(Builtin::Abort, 0); return;
    case In::fmuladd: fmath(FloatFunction::MulAdd, 3); return;
    case In::fma: fmath(FloatFunction::FusedMulAdd, 3); return;
    case In::fabs: fmath(FloatFunction::Fabs, 1); return;
    case In::sqrt: fmath(FloatFunction::Sqrt, 1); return;
    case In::floor: fmath(FloatFunction::Floor, 1); return;
    case In::ceil: fmath(FloatFunction::Ceil, 1); return;
    case In::trunc: fmath(FloatFunction::Trunc, 1); return;
    case In::round: fmath(FloatFunction::Round, 1); return;
    case In::sin: fmath(FloatFunction::Sin, 1); return;
    case In::cos: fmath(FloatFunction::Cos, 1); return;
    case In::exp: fmath(FloatFunction::Exp, 1); return;
    case In::log: fmath(FloatFunction::Log, 1); return;
    case In::log10: fmath(FloatFunction::Log10, 1); return;
    case In::pow: fmath(FloatFunction::Pow, 2); return;
    case In::copysign: fmath(FloatFunction::CopySign, 2); return;
    case In::rint: libm(Builtin::Rint, Builtin::RintF, 1); return;
    case In::nearbyint: libm(Builtin::Nearbyint, Builtin::NearbyintF, 1); return;
    case In::exp2: libm(Builtin::Exp2, Builtin::Exp2F, 1); return;
    case In::log2: libm(Builtin::Log2, Builtin::Log2F, 1); return;
    case In::lround: libm(Builtin::Lround, Builtin::LroundF, 1); return;
    case In::llround: libm(Builtin::Llround, Builtin::LlroundF, 1); return;
    case In::lrint: libm(Builtin::Lrint, Builtin::LrintF, 1); return;
    case In::llrint: libm(Builtin::Llrint, Builtin::LlrintF, 1); return;
    case In::is_fpclass:
        emit({.op = Opcode::FMath, .width = widthOf(call.getArgOperand(0)->getType()),
              .aux = std::uint8_t(FloatFunction::IsFpClass), .dst = reg(&call), .a = arg(0), .b = arg(1)});
        return;
    case In::minnum: fmath(FloatFunction::MinNum, 2); return;
    case In::maxnum: fmath(FloatFunction::MaxNum, 2); return;
    case In::abs: imath(IntFunction::Abs, 1); return;
    case In::smax: imath(IntFunction::SMax, 2); return;
    case In::smin: imath(IntFunction::SMin, 2); return;
    case In::umax: imath(IntFunction::UMax, 2); return;
    case In::umin: imath(IntFunction::UMin, 2); return;
    case In::ctpop: imath(IntFunction::CtPop, 1); return;
    case In::ctlz: imath(IntFunction::Ctlz, 1); return;
    case In::cttz: imath(IntFunction::Cttz, 1); return;
    case In::bswap: imath(IntFunction::BSwap, 1); return;
    case In::sadd_with_overflow: overflow(OverflowOp::SAdd); return;
    case In::uadd_with_overflow: overflow(OverflowOp::UAdd); return;
    case In::ssub_with_overflow: overflow(OverflowOp::SSub); return;
    case In::usub_with_overflow: overflow(OverflowOp::USub); return;
    case In::smul_with_overflow: overflow(OverflowOp::SMul); return;
    case In::umul_with_overflow: overflow(OverflowOp::UMul); return;
    case In::vastart: builtin(Builtin::VaStart, 1); return;
    case In::vacopy: builtin(Builtin::VaCopy, 2); return;
    case In::vaend: return; // nothing to release: the arguments live as long as the frame
    default:
        emitUnsupported(call, english(MessageKind::Intrinsic, {"'" + call.getCalledFunction()->getName().str() + "'"}));
        return;
    }
}

} // namespace weft::program
