// SPDX-License-Identifier: MIT
// C types from the debug info: their spelling ("struct node *", "int [3][4]") and their shape in
// the source map's type table (CType), for the debugger's variables pane. Part of the lowering.
#include "engine/program/LoweringContext.hpp"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>

namespace weft::program {

namespace {

/// Deeper than any type a C program declares by value; guards against malformed debug info.
constexpr unsigned kMaxTypeDepth = 32;

/// `type` without typedefs, const, volatile, restrict and _Atomic.
const llvm::DIType *stripped(const llvm::DIType *type) {
    for (unsigned depth = 0; type && depth < kMaxTypeDepth; ++depth) {
        auto *derived = llvm::dyn_cast<llvm::DIDerivedType>(type);
        if (!derived)
            return type;
        switch (derived->getTag()) {
        case llvm::dwarf::DW_TAG_typedef:
        case llvm::dwarf::DW_TAG_const_type:
        case llvm::dwarf::DW_TAG_volatile_type:
        case llvm::dwarf::DW_TAG_restrict_type:
        case llvm::dwarf::DW_TAG_atomic_type:
            type = derived->getBaseType();
            break;
        default:
            return type;
        }
    }
    return type;
}

/// The element count of each dimension of an array type (0 when not a constant).
std::vector<std::uint64_t> dimensionsOf(const llvm::DICompositeType *array) {
    std::vector<std::uint64_t> out;
    for (const llvm::DINode *element : array->getElements()) {
        std::uint64_t count = 0;
        if (auto *range = llvm::dyn_cast<llvm::DISubrange>(element))
            if (auto *constant = llvm::dyn_cast_if_present<llvm::ConstantInt *>(range->getCount()))
                count = std::uint64_t(std::max<std::int64_t>(constant->getSExtValue(), 0));
        out.push_back(count);
    }
    return out;
}

/// "[3][4]" for dimensions {3, 4} from `from` on ("[]" for an unknown count).
std::string dimensionsText(const std::vector<std::uint64_t> &dimensions, std::size_t from) {
    std::string out;
    for (std::size_t d = from; d < dimensions.size(); ++d)
        out += dimensions[d] ? '[' + std::to_string(dimensions[d]) + ']' : std::string("[]");
    return out;
}

CType::Encoding encodingOf(const llvm::DIBasicType *basic) {
    switch (basic->getEncoding()) {
    case llvm::dwarf::DW_ATE_signed:
        return CType::Encoding::Signed;
    case llvm::dwarf::DW_ATE_signed_char:
        return CType::Encoding::SignedChar;
    case llvm::dwarf::DW_ATE_unsigned_char:
        return CType::Encoding::UnsignedChar;
    case llvm::dwarf::DW_ATE_boolean:
        return CType::Encoding::Bool;
    case llvm::dwarf::DW_ATE_float:
        return CType::Encoding::Float;
    default:
        return CType::Encoding::Unsigned;
    }
}

} // namespace

std::string LoweringContext::describeType(const llvm::DIType *type, unsigned depth) const {
    if (!type)
        return "void";
    if (depth > kMaxTypeDepth)
        return "...";
    if (auto *basic = llvm::dyn_cast<llvm::DIBasicType>(type))
        return basic->getName().str();
    if (auto *derived = llvm::dyn_cast<llvm::DIDerivedType>(type)) {
        const llvm::DIType *base = derived->getBaseType();
        switch (derived->getTag()) {
        case llvm::dwarf::DW_TAG_pointer_type: {
            const std::string inner = describeType(base, depth + 1);
            return inner.ends_with('*') ? inner + '*' : inner + " *";
        }
        case llvm::dwarf::DW_TAG_const_type:
            return "const " + describeType(base, depth + 1);
        case llvm::dwarf::DW_TAG_volatile_type:
            return "volatile " + describeType(base, depth + 1);
        case llvm::dwarf::DW_TAG_restrict_type:
            return describeType(base, depth + 1);
        case llvm::dwarf::DW_TAG_atomic_type:
            return "_Atomic " + describeType(base, depth + 1);
        case llvm::dwarf::DW_TAG_typedef:
            return derived->getName().str();
        default:
            return describeType(base, depth + 1);
        }
    }
    if (auto *composite = llvm::dyn_cast<llvm::DICompositeType>(type)) {
        const std::string name =
            composite->getName().empty() ? "<anonymous>" : composite->getName().str();
        switch (composite->getTag()) {
        case llvm::dwarf::DW_TAG_structure_type:
            return "struct " + name;
        case llvm::dwarf::DW_TAG_union_type:
            return "union " + name;
        case llvm::dwarf::DW_TAG_enumeration_type:
            return "enum " + name;
        case llvm::dwarf::DW_TAG_array_type:
            return describeType(composite->getBaseType(), depth + 1) + ' ' +
                   dimensionsText(dimensionsOf(composite), 0);
        default:
            return name;
        }
    }
    if (llvm::isa<llvm::DISubroutineType>(type))
        return "function";
    return type->getName().str();
}

std::uint32_t LoweringContext::typeIndexOf(const llvm::DIType *type, unsigned dimension,
                                           unsigned depth) {
    type = stripped(type);
    if (depth > kMaxTypeDepth)
        return kNoType;
    const auto [found, inserted] = m_typeIndex.try_emplace({type, dimension}, 0);
    if (!inserted)
        return found->second;
    // The index is taken before the fields are described, so a type met again while describing
    // itself (impossible in C by value, but debug info is input) refers to itself instead of
    // recursing.
    std::vector<CType> &types = program.sourceMap.types;
    const auto index = std::uint32_t(types.size());
    found->second = index;
    types.emplace_back();

    CType out;
    out.name = describeType(type);
    if (type)
        out.size = type->getSizeInBits() / 8;
    if (auto *basic = llvm::dyn_cast_if_present<llvm::DIBasicType>(type)) {
        out.kind = CType::Kind::Scalar;
        out.encoding = encodingOf(basic);
    } else if (auto *derived = llvm::dyn_cast_if_present<llvm::DIDerivedType>(type)) {
        if (derived->getTag() == llvm::dwarf::DW_TAG_pointer_type) {
            out.kind = CType::Kind::Pointer;
            out.size = 8;
            // The target names the heap block a global pointer holds ('q->lock'); a self-referential
            // struct finds its own entry (the index is taken before describing).
            if (derived->getBaseType()) {
                out.element = describeType(derived->getBaseType());
                out.elementIndex = typeIndexOf(derived->getBaseType(), 0, depth + 1);
            }
        }
    } else if (auto *composite = llvm::dyn_cast_if_present<llvm::DICompositeType>(type)) {
        switch (composite->getTag()) {
        case llvm::dwarf::DW_TAG_structure_type:
        case llvm::dwarf::DW_TAG_union_type:
            out.kind = composite->getTag() == llvm::dwarf::DW_TAG_structure_type
                           ? CType::Kind::Struct
                           : CType::Kind::Union;
            for (const llvm::DINode *element : composite->getElements()) {
                auto *member = llvm::dyn_cast<llvm::DIDerivedType>(element);
                if (!member || member->getTag() != llvm::dwarf::DW_TAG_member ||
                    member->isStaticMember())
                    continue;
                CField field;
                field.name = member->getName().str();
                field.type = describeType(member->getBaseType());
                field.typeIndex = typeIndexOf(member->getBaseType(), 0, depth + 1);
                const std::uint64_t bits = member->getOffsetInBits();
                field.offset = bits / 8;
                if (member->isBitField()) {
                    field.bitOffset = std::uint8_t(bits % 8);
                    field.bitSize =
                        std::uint8_t(std::min<std::uint64_t>(member->getSizeInBits(), 56));
                }
                out.fields.push_back(std::move(field));
            }
            break;
        case llvm::dwarf::DW_TAG_enumeration_type:
            out.kind = CType::Kind::Enum;
            if (auto *base = llvm::dyn_cast_if_present<llvm::DIBasicType>(
                    stripped(composite->getBaseType())))
                out.encoding = encodingOf(base);
            for (const llvm::DINode *element : composite->getElements())
                if (auto *e = llvm::dyn_cast<llvm::DIEnumerator>(element))
                    out.enumerators.emplace_back(e->getName().str(), e->getValue().getSExtValue());
            break;
        case llvm::dwarf::DW_TAG_array_type: {
            // int a[3][4] is one DWARF array with two subranges: dimension d is an array of
            // dimension d + 1.
            const std::vector<std::uint64_t> dimensions = dimensionsOf(composite);
            if (dimension >= dimensions.size())
                break;
            out.kind = CType::Kind::Array;
            out.count = dimensions[dimension];
            if (dimension + 1 < dimensions.size()) {
                out.element = describeType(composite->getBaseType()) + ' ' +
                              dimensionsText(dimensions, dimension + 1);
                out.elementIndex = typeIndexOf(composite, dimension + 1, depth + 1);
            } else {
                out.element = describeType(composite->getBaseType());
                out.elementIndex = typeIndexOf(composite->getBaseType(), 0, depth + 1);
            }
            out.name = describeType(composite->getBaseType()) + ' ' +
                       dimensionsText(dimensions, dimension);
            if (const CType *element = program.sourceMap.type(out.elementIndex))
                out.size = element->size * out.count;
            break;
        }
        default:
            break;
        }
    }
    types[index] = std::move(out);
    return index;
}

} // namespace weft::program
