// SPDX-License-Identifier: MIT
// The dense indexes of one unfolding's objects: synchronisation objects (mutexes, semaphores, ...: their
// object trees) and memory locations (shared memory and read-write locks: their write trees), from the
// sparse ObjectIds actions carry. Owned by the Unfolding; one writer, readers between writes.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/unfolding/Event.hpp"

#include <unordered_map>
#include <vector>

namespace weft {

class ObjectTable {
public:
    /// The dense index of a synchronisation object, creating it on first use.
    ObjectIndex internObject(ObjectId object);
    /// kNoObject if the unfolding has never seen this object.
    ObjectIndex findObject(ObjectId object) const;
    ObjectId objectId(ObjectIndex m) const { return m_objectIds[m]; }
    std::size_t objectCount() const { return m_objectIds.size(); }

    /// The dense index of a memory location (or, with `rwlock`, of a read-write lock: the two never
    /// share an index), creating it on first use.
    LocationIndex internLocation(ObjectId object, bool rwlock = false);
    /// The location an access action reads or writes.
    LocationIndex internLocation(const Action &access) {
        return internLocation(access.object, isRwlockKind(access.kind));
    }
    /// kNoLocation if the unfolding has never seen this location.
    LocationIndex findLocation(ObjectId object, bool rwlock = false) const;
    ObjectId locationObject(LocationIndex l) const { return m_locationObjects[l]; }
    std::size_t locationCount() const { return m_locationObjects.size(); }

private:
    std::vector<ObjectId> m_objectIds;
    std::unordered_map<ObjectId, ObjectIndex> m_objectIndex;
    std::vector<ObjectId> m_locationObjects;
    std::unordered_map<ObjectId, LocationIndex> m_locationIndex;
    std::unordered_map<ObjectId, LocationIndex> m_rwlockIndex; // read-write locks are locations too
};

} // namespace weft
