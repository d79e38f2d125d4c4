// SPDX-License-Identifier: MIT
// The interpreted program's memory: objects numbered per owner (globals, each thread), pointers encoded
// as in program/PointerEncoding.hpp, every access checked. A value type: copying it is a snapshot.
#pragma once

#include "engine/interpreter/MemoryFault.hpp"
#include "engine/interpreter/MemoryObject.hpp"
#include "engine/interpreter/RegisterShadow.hpp"
#include "engine/program/PointerEncoding.hpp"

#include <optional>
#include <string>
#include <vector>

namespace weft::interpreter {

class Memory {
public:
    Memory();

    /// A new live object of `size` zero bytes owned by `owner`; nullopt with a fault when the owner
    /// has no numbers left (size must be < program::kMaxObjectSize; the caller checks). `undefined`:
    /// its bytes count as never written until written (--uninit).
    std::optional<std::uint64_t> allocate(std::uint32_t owner, ObjectKind kind, std::uint64_t size, std::uint64_t site,
                                          MemoryFault &fault, bool undefined = false);
    /// Objects `owner` has had so far (alive or not): the number its next one gets.
    std::uint32_t objectCount(std::uint32_t owner) const {
        return owner < m_owners.size() ? std::uint32_t(m_owners[owner].size()) : 0;
    }
    /// An object of `owner` whose lifetime began and ended already, as one allocate() made and endLifetime()
    /// ended (a pure call answered from PureCallMemo); the caller checked objectCount against the bound.
    void addEnded(std::uint32_t owner, ObjectKind kind, std::uint64_t size, std::uint64_t site);
    /// Bytes the program holds now (heap and stack objects, race records), against limit().
    std::uint64_t liveBytes() const { return m_liveBytes; }
    /// Adds global `index` (object index + 1 of the global owner) with its initial bytes.
    void addGlobal(std::uint32_t index, std::vector<std::uint8_t> bytes, bool readOnly);

    /// The bytes [p, p + size) if the program may access them (alignment: a power of two), else
    /// nullptr and `fault` says why.
    const std::uint8_t *read(std::uint64_t p, std::uint64_t size, std::uint64_t alignment, MemoryFault &fault) const;
    /// Writing makes the bytes defined (--uninit).
    std::uint8_t *write(std::uint64_t p, std::uint64_t size, std::uint64_t alignment, MemoryFault &fault);

    /// --uninit: the shadow of the `size` bytes at p (a live object's, just allowed).
    RegisterShadow shadowOf(std::uint64_t p, std::uint64_t size) const;
    /// --uninit: the bytes at p that `value` has undefined become undefined again (a store of it).
    void markUndefined(std::uint64_t p, std::uint64_t size, const RegisterShadow &value);
    /// --uninit: the shadows of the n bytes at src, one per byte (empty when all are defined), and
    /// the bytes at dst made undefined as they say (a copy).
    std::vector<RegisterShadow> undefinedBytes(std::uint64_t src, std::uint64_t n) const;
    void markUndefinedBytes(std::uint64_t dst, const std::vector<RegisterShadow> &bytes);

    /// The race detector's record of the object p points into, with the pages of [p, p + size)
    /// created on first use (nullptr if that would exceed the memory limit); p must have just passed
    /// read() or write() for `size` > 0 bytes.
    RaceShadow *shadow(std::uint64_t p, std::uint64_t size);

    /// free(p): p must be the start of a live heap block (free(NULL) is a no-op).
    bool release(std::uint64_t p, MemoryFault &fault);
    /// Ends a stack object's lifetime (its function returned).
    void endLifetime(std::uint64_t p);

    /// Reads a NUL-terminated string at p (at most `limit` characters before giving up).
    bool readString(std::uint64_t p, std::string &out, MemoryFault &fault, std::size_t limit = 1u << 20) const;

    /// The object p points into, if p names one (alive or not).
    const MemoryObject *objectAt(std::uint64_t p) const;
    MemoryObject *objectAt(std::uint64_t p) {
        return const_cast<MemoryObject *>(static_cast<const Memory *>(this)->objectAt(p));
    }
    /// Bytes the program may have allocated (heap and stack) at once; beyond, allocate() fails with
    /// MemoryFaultKind::Exhausted.
    void setLimit(std::uint64_t bytes) { m_limit = bytes; }
    std::uint64_t limit() const { return m_limit; }
    /// Bytes this memory holds: every object's bytes and race record (for snapshot budgets).
    std::uint64_t footprint() const;
    /// Live heap blocks (a leak check at exit can use it).
    std::size_t liveHeapObjects() const;

private:
    static void define(MemoryObject &o, std::uint64_t offset, std::uint64_t size);
    const MemoryObject *check(std::uint64_t p, std::uint64_t size, std::uint64_t alignment, AccessKind access,
                              MemoryFault &fault) const;

    /// m_owners[owner][object]: owner 0 holds null and the globals, owner t + 1 thread t's objects.
    std::vector<std::vector<MemoryObject>> m_owners;
    std::uint64_t m_liveBytes = 0;
    std::uint64_t m_limit = ~std::uint64_t{0};
};

} // namespace weft::interpreter
