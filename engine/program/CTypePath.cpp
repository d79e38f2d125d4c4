// SPDX-License-Identifier: MIT
#include "engine/program/CTypePath.hpp"

#include "engine/program/SourceMap.hpp"

namespace weft::program {

namespace {

/// pthread_mutex_t, sem_t, ...: one object for the program, whatever the C library's fields are.
bool isLibraryObject(const std::string &spelled) {
    std::string type = spelled;
    for (const char *q : {"const ", "volatile "})
        for (std::size_t at; (at = type.find(q)) != std::string::npos;)
            type.erase(at, std::char_traits<char>::length(q));
    return (type.rfind("pthread_", 0) == 0 || type == "sem_t") && type.find('[') == std::string::npos;
}

/// The named field of struct or union `type` whose bytes hold `offset` (a union: the first such member).
const CField *fieldHolding(const SourceMap &map, const CType &type, std::uint64_t offset) {
    for (const CField &f : type.fields) {
        const CType *ft = map.type(f.typeIndex);
        if (f.bitSize == 0 && ft && offset >= f.offset && offset < f.offset + ft->size)
            return &f;
    }
    return nullptr;
}

} // namespace

std::string partPath(const SourceMap &map, std::uint32_t typeIndex, const std::string &spelled, std::uint64_t offset,
                     bool intoFirstPart) {
    std::string path;
    std::string name = spelled;
    // Depth-bounded: a type table never nests deeper than the program's declarations.
    for (int depth = 0; depth < 64; ++depth) {
        const CType *type = map.type(typeIndex);
        if (!type || isLibraryObject(name) || !type->isAggregate() || (offset == 0 && !intoFirstPart))
            break;
        if (type->kind == CType::Kind::Array) {
            const CType *element = map.type(type->elementIndex);
            if (!element || element->size == 0)
                break;
            const std::uint64_t index = offset / element->size;
            if (type->count && index >= type->count)
                break;
            path += "[" + std::to_string(index) + "]";
            offset -= index * element->size;
            typeIndex = type->elementIndex;
            name = type->element;
            continue;
        }
        const CField *inside = fieldHolding(map, *type, offset);
        if (!inside)
            break;
        if (!inside->name.empty())
            path += "." + inside->name;
        offset -= inside->offset;
        typeIndex = inside->typeIndex;
        name = inside->type;
    }
    if (offset)
        path += "+" + std::to_string(offset);
    return path;
}

bool startsPointerPart(const SourceMap &map, std::uint32_t typeIndex, std::uint64_t offset) {
    for (int depth = 0; depth < 64; ++depth) {
        const CType *type = map.type(typeIndex);
        if (!type)
            return false;
        if (type->kind == CType::Kind::Pointer)
            return offset == 0;
        if (type->kind == CType::Kind::Array) {
            const CType *element = map.type(type->elementIndex);
            if (!element || element->size == 0)
                return false;
            offset %= element->size;
            typeIndex = type->elementIndex;
            continue;
        }
        if (type->kind != CType::Kind::Struct && type->kind != CType::Kind::Union)
            return false;
        const CField *inside = fieldHolding(map, *type, offset);
        if (!inside)
            return false;
        offset -= inside->offset;
        typeIndex = inside->typeIndex;
    }
    return false;
}

} // namespace weft::program
