// SPDX-License-Identifier: MIT
// Module-level lowering: functions and globals are numbered, constants evaluated, globals' initial
// bytes laid out, debug info turned into the source map. Instructions: LoweringFunction.cpp; C types
// from the debug info: LoweringTypes.cpp.
#include "engine/program/Lowering.hpp"

#include "engine/base/Message.hpp"
#include "engine/program/LoweringContext.hpp"
#include "engine/program/PointerEncoding.hpp"

#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <cstring>
#include <set>

namespace weft::program {

namespace {

std::string fileOf(const llvm::DIScope *scope) {
    if (!scope)
        return {};
    const std::string name = scope->getFilename().str();
    const std::string dir = scope->getDirectory().str();
    if (name.empty() || name.front() == '/' || dir.empty())
        return name;
    return dir + '/' + name;
}

std::uint64_t maskTo(std::uint64_t value, unsigned bits) {
    return bits >= 64 ? value : value & ((std::uint64_t{1} << bits) - 1);
}

bool isStandardStream(const std::string &name) { return name == "stdin" || name == "stdout" || name == "stderr"; }

} // namespace

LoweringContext::LoweringContext(const llvm::Module &m, Program &p)
    : module(m), layout(m.getDataLayout()), program(p) {}

Operand LoweringContext::constant(std::uint64_t value) {
    auto [it, inserted] = m_constantIndex.try_emplace(value, std::uint32_t(program.constants.size()));
    if (inserted)
        program.constants.push_back(value);
    return constantOperand(it->second);
}

Operand LoweringContext::undefinedConstant(const std::string &variable) {
    const auto index = std::uint32_t(program.constants.size());
    program.constants.push_back(0);
    program.undefinedConstants.emplace(index, variable);
    return constantOperand(index);
}

/// Deeper than any type or constant C code nests by hand; bounds Weft's recursion over them.
constexpr unsigned kMaxNesting = 256;

bool LoweringContext::flatten(llvm::Type *type, std::uint32_t offset, std::vector<Leaf> &leaves, std::string &why,
                              unsigned depth) const {
    if (depth > kMaxNesting) {
        why = english(MessageKind::TypesTooDeep, {std::to_string(kMaxNesting)});
        return false;
    }
    if (leaves.size() > 256) {
        why = english(MessageKind::TooManyFields, {});
        return false;
    }
    if (auto *i = llvm::dyn_cast<llvm::IntegerType>(type)) {
        if (i->getBitWidth() > 64) {
            why = english(MessageKind::WideIntegers, {});
            return false;
        }
        leaves.push_back({Leaf::Kind::Int, std::uint8_t(i->getBitWidth()), offset});
        return true;
    }
    if (type->isPointerTy()) {
        leaves.push_back({Leaf::Kind::Pointer, 64, offset});
        return true;
    }
    if (type->isFloatTy() || type->isDoubleTy()) {
        leaves.push_back({Leaf::Kind::Float, std::uint8_t(type->isFloatTy() ? 32 : 64), offset});
        return true;
    }
    if (auto *s = llvm::dyn_cast<llvm::StructType>(type)) {
        const llvm::StructLayout *sl = layout.getStructLayout(s);
        for (unsigned i = 0; i < s->getNumElements(); ++i)
            if (!flatten(s->getElementType(i), offset + std::uint32_t(sl->getElementOffset(i)), leaves, why, depth + 1))
                return false;
        return true;
    }
    if (auto *a = llvm::dyn_cast<llvm::ArrayType>(type)) {
        const std::uint64_t stride = layout.getTypeAllocSize(a->getElementType());
        for (std::uint64_t i = 0; i < a->getNumElements(); ++i)
            if (!flatten(a->getElementType(), offset + std::uint32_t(i * stride), leaves, why, depth + 1))
                return false;
        return true;
    }
    if (type->isVectorTy())
        why = english(MessageKind::VectorTypes, {});
    else if (type->isX86_FP80Ty() || type->isFP128Ty())
        why = english(MessageKind::LongDoubleType, {});
    else if (type->isHalfTy() || type->isBFloatTy())
        why = english(MessageKind::HalfPrecision, {});
    else
        why = english(MessageKind::UnsupportedType, {});
    return false;
}

std::uint32_t LoweringContext::leafCount(llvm::Type *type) const {
    if (type->isVoidTy())
        return 0;
    std::vector<Leaf> leaves;
    std::string why;
    return flatten(type, 0, leaves, why) ? std::uint32_t(leaves.size()) : 0;
}

bool LoweringContext::evaluate(const llvm::Constant *c, std::vector<std::uint64_t> &leaves, std::string &why,
                               unsigned depth) const {
    if (depth > kMaxNesting) {
        why = english(MessageKind::ConstantsTooDeep, {std::to_string(kMaxNesting)});
        return false;
    }
    llvm::Type *type = c->getType();
    if (llvm::isa<llvm::UndefValue>(c) || llvm::isa<llvm::ConstantAggregateZero>(c) ||
        llvm::isa<llvm::ConstantPointerNull>(c)) {
        std::vector<Leaf> shape;
        if (!flatten(type, 0, shape, why))
            return false;
        leaves.insert(leaves.end(), shape.size(), 0);
        return true;
    }
    if (type->isStructTy() || type->isArrayTy()) {
        const unsigned n = type->isStructTy() ? type->getStructNumElements() : unsigned(type->getArrayNumElements());
        for (unsigned i = 0; i < n; ++i) {
            const llvm::Constant *element = c->getAggregateElement(i);
            if (!element || !evaluate(element, leaves, why, depth + 1))
                return why.empty() ? (why = english(MessageKind::UnsupportedAggregateConstant, {}), false) : false;
        }
        return true;
    }
    if (auto *i = llvm::dyn_cast<llvm::ConstantInt>(c)) {
        if (i->getBitWidth() > 64)
            return why = english(MessageKind::WideIntegers, {}), false;
        leaves.push_back(i->getZExtValue());
        return true;
    }
    if (auto *f = llvm::dyn_cast<llvm::ConstantFP>(c)) {
        if (type->isFloatTy()) {
            const float v = f->getValueAPF().convertToFloat();
            std::uint32_t bits;
            std::memcpy(&bits, &v, 4);
            leaves.push_back(bits);
            return true;
        }
        if (type->isDoubleTy()) {
            const double v = f->getValueAPF().convertToDouble();
            std::uint64_t bits;
            std::memcpy(&bits, &v, 8);
            leaves.push_back(bits);
            return true;
        }
        return why = english(MessageKind::LongDoubleConstant, {}), false;
    }
    if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
        auto it = globalIndex.find(g);
        if (it == globalIndex.end())
            return why = english(MessageKind::UsesExternalVariable, {g->getName().str()}), false;
        leaves.push_back(globalPointer(it->second));
        return true;
    }
    if (auto *fn = llvm::dyn_cast<llvm::Function>(c)) {
        auto it = functionIndex.find(fn);
        if (it == functionIndex.end()) {
            const std::string reason = unsupportedReason(fn->getName().str());
            why = reason.empty() ? english(MessageKind::UsesExternalFunction, {fn->getName().str()})
                                 : english(MessageKind::UsesUnsupported, {fn->getName().str(), reason});
            return false;
        }
        leaves.push_back(functionPointer(it->second));
        return true;
    }
    if (auto *alias = llvm::dyn_cast<llvm::GlobalAlias>(c))
        return evaluate(alias->getAliasee(), leaves, why, depth + 1);
    if (auto *e = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
        if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(e)) {
            std::vector<std::uint64_t> base;
            if (!evaluate(llvm::cast<llvm::Constant>(gep->getPointerOperand()), base, why, depth + 1))
                return false;
            llvm::APInt offset(64, 0);
            if (base.size() != 1 || !gep->accumulateConstantOffset(layout, offset))
                return why = english(MessageKind::UnsupportedAddressConstant, {}), false;
            leaves.push_back(base[0] + offset.getZExtValue());
            return true;
        }
        switch (e->getOpcode()) {
        case llvm::Instruction::BitCast:
        case llvm::Instruction::AddrSpaceCast:
        case llvm::Instruction::IntToPtr:
        case llvm::Instruction::PtrToInt: {
            std::vector<std::uint64_t> inner;
            if (!evaluate(e->getOperand(0), inner, why, depth + 1))
                return false;
            if (inner.size() != 1)
                return why = english(MessageKind::UnsupportedConstantCast, {}), false;
            const unsigned bits = type->isIntegerTy() ? type->getIntegerBitWidth() : 64;
            leaves.push_back(maskTo(inner[0], bits));
            return true;
        }
        case llvm::Instruction::Add:
        case llvm::Instruction::Sub:
        case llvm::Instruction::Mul:
        case llvm::Instruction::Shl:
        case llvm::Instruction::Xor: {
            // e.g. &a[4] - &a[1] folded to sub (ptrtoint, ptrtoint): offsets within one object
            // subtract correctly in the pointer encoding.
            std::vector<std::uint64_t> l, r;
            if (!evaluate(e->getOperand(0), l, why, depth + 1) || !evaluate(e->getOperand(1), r, why, depth + 1))
                return false;
            if (l.size() != 1 || r.size() != 1 || !type->isIntegerTy())
                return why = english(MessageKind::UnsupportedConstantExpression, {}), false;
            const unsigned bits = type->getIntegerBitWidth();
            std::uint64_t v = 0;
            switch (e->getOpcode()) {
            case llvm::Instruction::Add: v = l[0] + r[0]; break;
            case llvm::Instruction::Sub: v = l[0] - r[0]; break;
            case llvm::Instruction::Mul: v = l[0] * r[0]; break;
            case llvm::Instruction::Shl: v = r[0] < 64 ? l[0] << r[0] : 0; break;
            default: v = l[0] ^ r[0]; break;
            }
            leaves.push_back(maskTo(v, bits));
            return true;
        }
        default: break;
        }
        return why = english(MessageKind::UnsupportedConstantOperation, {e->getOpcodeName()}), false;
    }
    return why = english(MessageKind::UnsupportedConstant, {}), false;
}

std::optional<Builtin> LoweringContext::builtinCalled(const llvm::CallInst &call) const {
    const auto *callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
    const auto it = callee ? functionIndex.find(callee) : functionIndex.end();
    return it == functionIndex.end() ? std::nullopt : program.functions[it->second].builtin;
}

SourceSpot LoweringContext::declarationOf(const llvm::Function &f) {
    if (const llvm::DISubprogram *sp = f.getSubprogram())
        return {program.sourceMap.addFile(fileOf(sp)), sp->getLine(), 0};
    return {program.sourceMap.addFile(module.getSourceFileName()), 0, 0};
}

SourceSpot LoweringContext::spotOf(const llvm::Instruction &inst) {
    if (const llvm::DILocation *loc = inst.getDebugLoc().get())
        return {program.sourceMap.addFile(fileOf(loc->getScope())), loc->getLine(), loc->getColumn()};
    if (const llvm::DISubprogram *sp = inst.getFunction()->getSubprogram())
        return {program.sourceMap.addFile(fileOf(sp)), sp->getLine(), 0};
    return {program.sourceMap.addFile(module.getSourceFileName()), 0, 0};
}

void LoweringContext::error(const llvm::Instruction &at, std::string text) { error(spotOf(at), std::move(text)); }

void LoweringContext::error(SourceSpot spot, std::string text) {
    if (tooManyErrors())
        return;
    Diagnostic d{program.sourceMap.fileName(spot.file), spot.line, spot.column, Severity::Error, std::move(text)};
    if (d.file.empty())
        d.file = module.getSourceFileName();
    diagnostics.push_back(std::move(d));
}

std::uint32_t LoweringContext::unsupported(SourceSpot spot, const std::string &what, bool warn) {
    auto [it, inserted] = m_unsupportedIndex.try_emplace(what, std::uint32_t(program.unsupported.size()));
    if (inserted)
        program.unsupported.push_back(what);
    if (warn && program.warnings.size() < 100) {
        Diagnostic d{program.sourceMap.fileName(spot.file), spot.line, spot.column, Severity::Warning,
                     english(MessageKind::UnsupportedWarning, {what})};
        if (d.file.empty())
            d.file = module.getSourceFileName();
        program.warnings.push_back(std::move(d));
    }
    return it->second;
}

std::string LoweringContext::describeUnsupportedCall(const std::string &name) {
    const std::string reason = unsupportedReason(name);
    return reason.empty() ? name + "()" : english(MessageKind::UnsupportedCall, {name, reason});
}

namespace {

/// The first instruction using `value` (directly or through constant expressions), for locations.
const llvm::Instruction *firstUser(const llvm::Value *value) {
    for (const llvm::User *user : value->users()) {
        if (auto *inst = llvm::dyn_cast<llvm::Instruction>(user))
            return inst;
        if (llvm::isa<llvm::Constant>(user))
            if (const llvm::Instruction *inst = firstUser(user))
                return inst;
    }
    return nullptr;
}

/// Writes constant `c` into `bytes` at `offset` (zero-filled beforehand).
bool writeConstant(LoweringContext &ctx, const llvm::Constant *c, std::uint32_t offset, Global &global,
                   std::string &why) {
    llvm::Type *type = c->getType();
    if (llvm::isa<llvm::UndefValue>(c) || llvm::isa<llvm::ConstantAggregateZero>(c) ||
        llvm::isa<llvm::ConstantPointerNull>(c))
        return true;
    if (auto *data = llvm::dyn_cast<llvm::ConstantDataSequential>(c)) {
        const llvm::StringRef raw = data->getRawDataValues();
        std::memcpy(global.initialBytes.data() + offset, raw.data(), raw.size());
        return true;
    }
    if (auto *s = llvm::dyn_cast<llvm::StructType>(type)) {
        const llvm::StructLayout *sl = ctx.layout.getStructLayout(s);
        for (unsigned i = 0; i < s->getNumElements(); ++i)
            if (!writeConstant(ctx, c->getAggregateElement(i), offset + std::uint32_t(sl->getElementOffset(i)),
                               global, why))
                return false;
        return true;
    }
    if (auto *a = llvm::dyn_cast<llvm::ArrayType>(type)) {
        const std::uint64_t stride = ctx.layout.getTypeAllocSize(a->getElementType());
        for (std::uint64_t i = 0; i < a->getNumElements(); ++i)
            if (!writeConstant(ctx, c->getAggregateElement(unsigned(i)), offset + std::uint32_t(i * stride), global,
                               why))
                return false;
        return true;
    }
    if (auto *f = llvm::dyn_cast<llvm::ConstantFP>(c); f && (type->isX86_FP80Ty() || type->isFP128Ty())) {
        // A long double's bytes (10 or 16, little-endian): its memory is exact, only computing with it
        // is unsupported.
        const llvm::APInt bits = f->getValueAPF().bitcastToAPInt();
        const std::uint64_t size = ctx.layout.getTypeStoreSize(type);
        std::memcpy(global.initialBytes.data() + offset, bits.getRawData(),
                    std::min<std::uint64_t>(size, bits.getNumWords() * 8));
        return true;
    }
    std::vector<std::uint64_t> value;
    if (!ctx.evaluate(c, value, why))
        return false;
    if (value.size() != 1)
        return why = english(MessageKind::UnsupportedInitialiser, {}), false;
    const std::uint64_t size = ctx.layout.getTypeStoreSize(type);
    std::memcpy(global.initialBytes.data() + offset, &value[0], std::min<std::uint64_t>(size, 8));
    if (type->isPointerTy() && value[0] != 0)
        global.relocations.push_back({offset, value[0]});
    return true;
}

void describeGlobal(LoweringContext &ctx, const llvm::GlobalVariable &g, Variable &out) {
    out.name = g.getName().str();
    llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> expressions;
    g.getDebugInfo(expressions);
    if (expressions.empty())
        return;
    const llvm::DIGlobalVariable *var = expressions.front()->getVariable();
    out.name = var->getName().str();
    out.type = ctx.describeType(var->getType());
    out.typeIndex = ctx.typeIndexOf(var->getType());
    out.declared = {ctx.program.sourceMap.addFile(fileOf(var->getScope())), var->getLine(), 0};
}

} // namespace

Expected<Program> lowerModule(const llvm::Module &module) {
    Program program;
    LoweringContext ctx(module, program);
    const SourceSpot moduleSpot{program.sourceMap.addFile(module.getSourceFileName()), 0, 0};
    if (!module.getModuleInlineAsm().empty())
        program.warnings.push_back({module.getSourceFileName(), 0, 0, Severity::Warning,
                                    "module-level inline assembly is ignored"});

    // Number the globals and the functions first: constants refer to both.
    for (const llvm::GlobalVariable &g : module.globals()) {
        if (g.getName().starts_with("llvm."))
            continue; // llvm.used, llvm.global_ctors, ...: metadata-like
        const llvm::Instruction *user = firstUser(&g);
        const SourceSpot spot = user ? ctx.spotOf(*user) : moduleSpot;
        if (g.isDeclaration() && isStandardStream(g.getName().str())) {
            // stdin, stdout and stderr: 8-byte globals holding their own address, which stands for the FILE.
            const auto index = std::uint32_t(program.globals.size());
            ctx.globalIndex[&g] = index;
            Global stream;
            stream.name = g.getName().str();
            stream.size = 8;
            stream.alignment = 8;
            const std::uint64_t self = globalPointer(index);
            stream.initialBytes.resize(8);
            std::memcpy(stream.initialBytes.data(), &self, 8);
            stream.relocations.push_back({0, self});
            program.globals.push_back(std::move(stream));
            continue;
        }
        if (g.isDeclaration())
            continue; // another library's variable (optind, environ, ...): an instruction using it is Unsupported
        const std::uint64_t size = module.getDataLayout().getTypeAllocSize(g.getValueType());
        if (size >= kMaxObjectSize) {
            ctx.error(spot, english(MessageKind::GlobalTooLarge, {g.getName().str()}));
            continue;
        }
        ctx.globalIndex[&g] = std::uint32_t(program.globals.size());
        Global global;
        global.name = g.getName().str();
        global.size = std::uint32_t(size);
        global.alignment = std::uint32_t(g.getPointerAlignment(module.getDataLayout()).value());
        global.readOnly = g.isConstant();
        global.threadLocal = g.isThreadLocal();
        program.globals.push_back(std::move(global));
    }
    std::set<std::string> externals;
    std::vector<const llvm::Function *> stubs;
    const llvm::TargetLibraryInfoImpl libraryInfo{llvm::Triple(module.getTargetTriple())};
    for (const llvm::Function &f : module) {
        if (f.isIntrinsic())
            continue;
        Function out;
        out.name = f.getName().str();
        out.variadic = f.isVarArg();
        if (f.isDeclaration()) {
            out.builtin = findBuiltin(out.name);
            if (!out.builtin) {
                // A function Weft cannot run: direct calls become Unsupported instructions at the call
                // (LoweringCall.cpp); this stub is what its address points to, for indirect calls.
                stubs.push_back(&f);
                llvm::LibFunc known;
                // SV-COMP's __VERIFIER_nondet_pointer returns an arbitrary pointer: what an undefined
                // function's pointer result is (weft svcomp explores NULL and a fresh object).
                if ((!libraryInfo.getLibFunc(f.getName(), known) && unsupportedReason(out.name).empty() &&
                     !isSystemFunction(out.name)) ||
                    out.name == "__VERIFIER_nondet_pointer")
                    ctx.undefinedFunctions.insert(&f);
            } else {
                externals.insert(out.name);
            }
        }
        ctx.functionIndex[&f] = std::uint32_t(program.functions.size());
        program.functions.push_back(std::move(out));
    }
    program.externals.assign(externals.begin(), externals.end());
    for (const llvm::Function *f : ctx.undefinedFunctions)
        program.undefinedFunctions.push_back(f->getName().str());
    std::sort(program.undefinedFunctions.begin(), program.undefinedFunctions.end());
    program.sourceMap.functions.resize(program.functions.size());
    for (const auto &[f, index] : ctx.functionIndex)
        program.sourceMap.functions[index].name = f->getName().str();

    const llvm::Function *main = module.getFunction("main");
    if (!main || main->isDeclaration())
        ctx.error(moduleSpot, english(MessageKind::NoMainFunction, {}));
    else
        program.mainFunction = ctx.functionIndex.at(main);
    if (const llvm::Function *end = module.getFunction("__weft_thread_end");
        end && !end->isDeclaration() && end->arg_empty())
        program.threadEndFunction = ctx.functionIndex.at(end);
    if (const llvm::Function *handlers = module.getFunction("__weft_exit_handlers");
        handlers && !handlers->isDeclaration() && handlers->arg_empty())
        program.exitHandlersFunction = ctx.functionIndex.at(handlers);

    ctx.equalityInputs = findEqualityInputs(module, ctx);
    for (const llvm::Function &f : module)
        if (!f.isDeclaration() && !ctx.tooManyErrors())
            lowerFunction(ctx, f, ctx.functionIndex.at(&f));
    for (const llvm::Function *f : stubs) {
        const std::uint32_t index = ctx.functionIndex.at(f);
        const std::string what = LoweringContext::describeUnsupportedCall(f->getName().str());
        const llvm::Instruction *user = firstUser(f);
        // The warning for direct calls was given at each call; an address taken warns here.
        const bool addressTaken = f->hasAddressTaken();
        const SourceSpot spot = user ? ctx.spotOf(*user) : moduleSpot;
        const std::uint32_t message = ctx.unsupported(spot, what, addressTaken);
        program.functions[index].code.push_back({.op = Opcode::Unsupported, .imm = std::int64_t(message)});
        program.sourceMap.functions[index].spots.push_back(spot);
    }

    program.sourceMap.globals.resize(program.globals.size());
    for (const auto &[g, index] : ctx.globalIndex) {
        if (g->isDeclaration()) { // a standard stream, laid out above
            program.sourceMap.globals[index].name = g->getName().str();
            program.sourceMap.globals[index].type = "FILE *";
            continue;
        }
        Global &global = program.globals[index];
        global.initialBytes.assign(global.size, 0);
        std::string why;
        if (!writeConstant(ctx, g->getInitializer(), 0, global, why)) {
            const llvm::Instruction *user = firstUser(g);
            ctx.error(user ? ctx.spotOf(*user) : moduleSpot, english(MessageKind::InitialiserOf, {global.name, why}));
        }
        describeGlobal(ctx, *g, program.sourceMap.globals[index]);
    }

    if (!ctx.diagnostics.empty())
        return Unexpected(std::move(ctx.diagnostics));
    return program;
}

} // namespace weft::program
