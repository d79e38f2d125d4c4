// SPDX-License-Identifier: MIT
#include "engine/unfolding/ObjectTable.hpp"

namespace weft {

ObjectIndex ObjectTable::internObject(ObjectId object) {
    auto [it, inserted] = m_objectIndex.try_emplace(object, static_cast<ObjectIndex>(m_objectIds.size()));
    if (inserted)
        m_objectIds.push_back(object);
    return it->second;
}

ObjectIndex ObjectTable::findObject(ObjectId object) const {
    auto it = m_objectIndex.find(object);
    return it == m_objectIndex.end() ? kNoObject : it->second;
}

LocationIndex ObjectTable::internLocation(ObjectId object, bool rwlock) {
    auto [it, inserted] = (rwlock ? m_rwlockIndex : m_locationIndex)
                              .try_emplace(object, static_cast<LocationIndex>(m_locationObjects.size()));
    if (inserted)
        m_locationObjects.push_back(object);
    return it->second;
}

LocationIndex ObjectTable::findLocation(ObjectId object, bool rwlock) const {
    const auto &index = rwlock ? m_rwlockIndex : m_locationIndex;
    auto it = index.find(object);
    return it == index.end() ? kNoLocation : it->second;
}

} // namespace weft
