// SPDX-License-Identifier: MIT
#include "engine/interpreter/Memory.hpp"

#include "engine/base/Message.hpp"

#include <algorithm>
#include <cstring>

namespace weft::interpreter {

using program::decodePointer;
using program::encodePointer;

namespace {

MessageKind sizedKind(ObjectKind kind) {
    switch (kind) {
    case ObjectKind::Global: return MessageKind::SizedGlobal;
    case ObjectKind::Heap: return MessageKind::SizedHeapBlock;
    case ObjectKind::Stack: return MessageKind::SizedLocal;
    case ObjectKind::Function: return MessageKind::SizedFunction;
    case ObjectKind::Null: break;
    }
    return MessageKind::Text;
}

MessageKind accessKind(AccessKind access, bool one) {
    switch (access) {
    case AccessKind::Read: return one ? MessageKind::ReadOfByte : MessageKind::ReadOfBytes;
    case AccessKind::Write: return one ? MessageKind::WriteOfByte : MessageKind::WriteOfBytes;
    case AccessKind::Free: return one ? MessageKind::FreeOfByte : MessageKind::FreeOfBytes;
    }
    return MessageKind::ReadOfBytes;
}

} // namespace

std::string MemoryFault::genericObject() const {
    const MessageKind sized = sizedKind(objectKind);
    if (sized == MessageKind::Text) // never named in a message: the null object is a null pointer's
        return "a " + std::to_string(objectSize) + "-byte null";
    return english(sized, {std::to_string(objectSize)});
}

std::string addressText(std::uint64_t address) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string digits;
    do {
        digits.insert(digits.begin(), kDigits[address & 15]);
        address >>= 4;
    } while (address != 0);
    return "0x" + digits;
}

std::string MemoryFault::describe(const std::string &named) const {
    const std::string what = english(accessKind(access, size == 1), {std::to_string(size)});
    const std::string object = named.empty() ? genericObject() : named;
    switch (kind) {
    case MemoryFaultKind::NullPointer:
        return access == AccessKind::Free ? english(MessageKind::NullFree, {})
                                          : english(MessageKind::NullDereference, {what});
    case MemoryFaultKind::InvalidPointer: return english(MessageKind::InvalidDereference, {what, addressText(pointer)});
    case MemoryFaultKind::OutOfBounds: return english(MessageKind::OutOfBounds, {what, std::to_string(offset), object});
    case MemoryFaultKind::UseAfterFree: return english(MessageKind::UseAfterFree, {what, object});
    case MemoryFaultKind::UseAfterReturn: return english(MessageKind::UseAfterReturn, {what, object});
    case MemoryFaultKind::Misaligned: return english(MessageKind::Misaligned, {what, std::to_string(offset), object});
    case MemoryFaultKind::ReadOnly: return english(MessageKind::ReadOnlyWrite, {object});
    case MemoryFaultKind::DoubleFree: return english(MessageKind::DoubleFree, {object});
    case MemoryFaultKind::InvalidFree:
        return offset != 0 && objectKind == ObjectKind::Heap
                   ? english(MessageKind::InvalidFreeInside, {std::to_string(offset), object})
                   : english(MessageKind::InvalidFree, {object});
    case MemoryFaultKind::TooManyObjects: return english(MessageKind::TooManyObjects, {});
    case MemoryFaultKind::Exhausted:
        return english(MessageKind::MemoryExhausted, {std::to_string(size), std::to_string(objectSize)});
    }
    return english(MessageKind::InvalidAccess, {});
}

Memory::Memory() {
    m_owners.resize(1);
    m_owners[0].push_back(MemoryObject{}); // object 0: the null object
}

std::optional<std::uint64_t> Memory::allocate(std::uint32_t owner, ObjectKind kind, std::uint64_t size,
                                              std::uint64_t site, MemoryFault &fault, bool undefined) {
    if (owner >= m_owners.size())
        m_owners.resize(owner + 1);
    std::vector<MemoryObject> &objects = m_owners[owner];
    if (objects.size() >= program::kMaxObjectsPerOwner) {
        fault = {MemoryFaultKind::TooManyObjects, AccessKind::Write, 0, size};
        return std::nullopt;
    }
    if (m_liveBytes + size > m_limit) {
        fault = {MemoryFaultKind::Exhausted, AccessKind::Write, 0, size};
        return std::nullopt;
    }
    m_liveBytes += size;
    MemoryObject object;
    object.kind = kind;
    object.alive = true;
    object.size = std::uint32_t(size);
    object.site = site;
    object.bytes.assign(size, 0);
    if (undefined && size > 0) {
        object.undefined.assign(size, 0xFF);
        object.undefinedCount = std::uint32_t(size);
    }
    objects.push_back(std::move(object));
    return encodePointer(owner, std::uint32_t(objects.size() - 1));
}

void Memory::addEnded(std::uint32_t owner, ObjectKind kind, std::uint64_t size, std::uint64_t site) {
    if (owner >= m_owners.size())
        m_owners.resize(owner + 1);
    MemoryObject object;
    object.kind = kind;
    object.size = std::uint32_t(size);
    object.site = site;
    m_owners[owner].push_back(std::move(object));
}

void Memory::addGlobal(std::uint32_t index, std::vector<std::uint8_t> bytes, bool readOnly) {
    std::vector<MemoryObject> &globals = m_owners[program::kGlobalOwner];
    if (globals.size() <= index + 1)
        globals.resize(index + 2);
    MemoryObject &g = globals[index + 1];
    g.kind = ObjectKind::Global;
    g.alive = true;
    g.readOnly = readOnly;
    g.shared = !readOnly;
    g.size = std::uint32_t(bytes.size());
    g.site = index;
    g.bytes = std::move(bytes);
}

RaceShadow *Memory::shadow(std::uint64_t p, std::uint64_t size) {
    const program::DecodedPointer d = decodePointer(p);
    MemoryObject &object = m_owners[d.owner][d.object];
    const std::uint64_t offset = std::uint64_t(d.offset);
    if (!object.shadow.covers(offset, size)) {
        // The record counts against the execution's memory limit: 40 bytes per byte of a touched page.
        const std::uint64_t bytes = object.shadow.costToCover(object.size, offset, size);
        if (m_liveBytes + bytes > m_limit)
            return nullptr;
        m_liveBytes += bytes;
        object.shadow.cover(object.size, offset, size);
    }
    return &object.shadow;
}

const MemoryObject *Memory::objectAt(std::uint64_t p) const {
    const program::DecodedPointer d = decodePointer(p);
    if (d.owner >= m_owners.size() || d.object >= m_owners[d.owner].size())
        return nullptr;
    return &m_owners[d.owner][d.object];
}

const MemoryObject *Memory::check(std::uint64_t p, std::uint64_t size, std::uint64_t alignment, AccessKind access,
                                  MemoryFault &fault) const {
    const program::DecodedPointer d = decodePointer(p);
    fault = MemoryFault{};
    fault.access = access;
    fault.pointer = p;
    fault.size = size;
    fault.offset = d.offset;
    if (d.owner == program::kGlobalOwner && d.object == 0) {
        fault.kind = MemoryFaultKind::NullPointer;
        return nullptr;
    }
    const MemoryObject *object = objectAt(p);
    if (!object || object->kind == ObjectKind::Null) {
        fault.kind = MemoryFaultKind::InvalidPointer;
        return nullptr;
    }
    fault.objectKind = object->kind;
    fault.objectSize = object->size;
    fault.site = object->site;
    if (!object->alive) {
        fault.kind = object->kind == ObjectKind::Stack ? MemoryFaultKind::UseAfterReturn : MemoryFaultKind::UseAfterFree;
        return nullptr;
    }
    if (d.offset < 0 || std::uint64_t(d.offset) + size > object->size) {
        fault.kind = MemoryFaultKind::OutOfBounds;
        return nullptr;
    }
    if (alignment > 1 && (std::uint64_t(d.offset) & (alignment - 1)) != 0) {
        fault.kind = MemoryFaultKind::Misaligned;
        return nullptr;
    }
    return object;
}

const std::uint8_t *Memory::read(std::uint64_t p, std::uint64_t size, std::uint64_t alignment,
                                 MemoryFault &fault) const {
    const MemoryObject *object = check(p, size, alignment, AccessKind::Read, fault);
    return object ? object->bytes.data() + decodePointer(p).offset : nullptr;
}

std::uint8_t *Memory::write(std::uint64_t p, std::uint64_t size, std::uint64_t alignment, MemoryFault &fault) {
    const MemoryObject *object = check(p, size, alignment, AccessKind::Write, fault);
    if (!object)
        return nullptr;
    if (object->readOnly) {
        fault.kind = MemoryFaultKind::ReadOnly;
        return nullptr;
    }
    MemoryObject &o = *const_cast<MemoryObject *>(object);
    const auto offset = std::uint64_t(decodePointer(p).offset);
    if (!o.undefined.empty()) [[unlikely]]
        define(o, offset, size);
    return o.bytes.data() + offset;
}

void Memory::define(MemoryObject &o, std::uint64_t offset, std::uint64_t size) {
    std::uint32_t defined = 0;
    for (std::uint64_t i = offset; i < offset + size; ++i) {
        defined += o.undefined[i] != 0;
        o.undefined[i] = 0;
    }
    o.undefinedCount -= defined;
    if (o.undefinedCount == 0) {
        o.undefined = {};
        o.undefinedFrom.clear();
    } else if (!o.undefinedFrom.empty()) {
        o.undefinedFrom.erase(o.undefinedFrom.lower_bound(std::uint32_t(offset)),
                              o.undefinedFrom.lower_bound(std::uint32_t(offset + size)));
    }
}

RegisterShadow Memory::shadowOf(std::uint64_t p, std::uint64_t size) const {
    const MemoryObject *o = objectAt(p);
    if (!o || o->undefined.empty())
        return {};
    const auto offset = std::uint64_t(decodePointer(p).offset);
    RegisterShadow s;
    for (std::uint64_t i = 0; i < size; ++i) {
        const std::uint8_t bits = o->undefined[offset + i];
        if (bits == 0)
            continue;
        s.bits |= i < 8 ? std::uint64_t(bits) << (8 * i) : std::uint64_t{0xFF} << 56; // (wider: kept undefined)
        if (s.origin == 0) {
            const auto from = o->undefinedFrom.find(std::uint32_t(offset + i));
            s.origin = from != o->undefinedFrom.end() ? from->second : p + i;
        }
    }
    return s;
}

void Memory::markUndefined(std::uint64_t p, std::uint64_t size, const RegisterShadow &value) {
    const program::DecodedPointer d = decodePointer(p);
    MemoryObject &o = m_owners[d.owner][d.object];
    const auto offset = std::uint64_t(d.offset);
    for (std::uint64_t i = 0; i < size; ++i) {
        const auto bits = std::uint8_t(i < 8 ? value.bits >> (8 * i) : value.bits >> 56);
        if (bits == 0)
            continue;
        if (o.undefined.empty())
            o.undefined.assign(o.size, 0);
        std::uint8_t &cell = o.undefined[offset + i];
        o.undefinedCount += cell == 0;
        cell = bits;
        o.undefinedFrom[std::uint32_t(offset + i)] = value.origin;
    }
}

std::vector<RegisterShadow> Memory::undefinedBytes(std::uint64_t src, std::uint64_t n) const {
    const MemoryObject *from = objectAt(src);
    std::vector<RegisterShadow> bytes;
    if (!from || from->undefined.empty())
        return bytes;
    for (std::uint64_t i = 0; i < n; ++i)
        bytes.push_back(shadowOf(src + i, 1));
    return bytes;
}

void Memory::markUndefinedBytes(std::uint64_t dst, const std::vector<RegisterShadow> &bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i)
        if (bytes[i].bits)
            markUndefined(dst + i, 1, bytes[i]);
}

bool Memory::release(std::uint64_t p, MemoryFault &fault) {
    if (p == 0)
        return true;
    const program::DecodedPointer d = decodePointer(p);
    const MemoryObject *object = check(p, 0, 1, AccessKind::Free, fault);
    if (!object) {
        if (fault.kind == MemoryFaultKind::UseAfterFree && d.offset == 0)
            fault.kind = MemoryFaultKind::DoubleFree;
        else if (fault.kind != MemoryFaultKind::NullPointer)
            fault.kind = MemoryFaultKind::InvalidFree;
        return false;
    }
    if (object->kind != ObjectKind::Heap || d.offset != 0) {
        fault.kind = MemoryFaultKind::InvalidFree;
        return false;
    }
    MemoryObject &o = m_owners[d.owner][d.object];
    o.alive = false;
    m_liveBytes -= o.bytes.size() + o.shadow.bytes();
    o.bytes = {};
    o.shadow = {};
    o.undefined = {};
    o.undefinedFrom.clear();
    return true;
}

void Memory::endLifetime(std::uint64_t p) {
    const program::DecodedPointer d = decodePointer(p);
    if (d.owner < m_owners.size() && d.object < m_owners[d.owner].size()) {
        MemoryObject &o = m_owners[d.owner][d.object];
        if (o.alive)
            m_liveBytes -= o.bytes.size() + o.shadow.bytes();
        o.alive = false;
        o.bytes = {};
        o.shadow = {};
        o.undefined = {};
        o.undefinedFrom.clear();
    }
}

bool Memory::readString(std::uint64_t p, std::string &out, MemoryFault &fault, std::size_t limit) const {
    out.clear();
    const MemoryObject *object = check(p, 1, 1, AccessKind::Read, fault);
    if (!object)
        return false;
    const std::int64_t start = decodePointer(p).offset;
    for (std::int64_t i = start; i < std::int64_t(object->size) && out.size() < limit; ++i) {
        if (object->bytes[i] == 0)
            return true;
        out.push_back(char(object->bytes[i]));
    }
    // No terminator inside the object: the read runs past its end.
    fault.kind = MemoryFaultKind::OutOfBounds;
    fault.offset = std::int64_t(object->size);
    fault.size = 1;
    return false;
}

std::uint64_t Memory::footprint() const {
    std::uint64_t bytes = 0;
    for (const auto &objects : m_owners)
        for (const MemoryObject &o : objects)
            bytes += sizeof o + o.bytes.size() + o.shadow.bytes() + o.locations.size() * 48 + o.undefined.size() +
                     o.undefinedFrom.size() * 48; // 48: a map node, roughly
    return bytes;
}

std::size_t Memory::liveHeapObjects() const {
    std::size_t n = 0;
    for (const auto &objects : m_owners)
        for (const MemoryObject &o : objects)
            n += o.kind == ObjectKind::Heap && o.alive;
    return n;
}

} // namespace weft::interpreter
