#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>

#include "buffer.h"

namespace netkit {

class Plugin;

/// Signature of the factory a plugin library exports.
typedef Plugin* (*PluginFactory)(const char* name, int abi_version);

/** Lifecycle states, in order. */
enum PluginState { kUnloaded, kLoaded, kFailed };

/// Base class of every loadable plugin.
class Plugin {
 public:
  virtual ~Plugin();

  /// The plugin's unique name, e.g. "gzip".
  virtual const std::string& name() const = 0;
  virtual bool Init(int argc, char** argv) = 0;
  virtual void OnData(const io::Buffer&, bool) {}

 protected:
  Plugin() = default;
};

struct PluginInfo {
  std::string name;
  int abi_version = 0;
  PluginState state = kUnloaded;

  bool operator==(const PluginInfo& other) const {
    return name == other.name && abi_version == other.abi_version;
  }
};

namespace detail {

/// Hashes a key for the registry's bucket choice.
template <typename Key>
size_t HashKey(const Key& key) {
  return std::hash<Key>{}(key);
}

}  // namespace detail

/**
 * A name-keyed registry of owned values.
 *
 * @tparam T the value type; must be move-constructible.
 */
template <typename T, typename Compare = std::less<std::string>>
class Registry {
 public:
  using value_type = T;
  using Visitor = std::function<void(const std::string&, const T&)>;

  Registry() = default;
  Registry(std::initializer_list<std::pair<const std::string, T>> init)
      : items_(init) {}
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;
  virtual ~Registry() = default;

  /// Adds `value` under `key`; returns false when the key is taken.
  bool Add(const std::string& key, T value);

  [[nodiscard]]
  const T* Find(const std::string& key) const;

  T& operator[](const std::string& key) { return items_[key]; }

  template <typename... Args>
  T& Emplace(const std::string& key, Args&&... args) {
    return items_.try_emplace(key, std::forward<Args>(args)...).first->second;
  }

  void ForEach(const Visitor& visit) const;
  size_t size() const { return items_.size(); }

  static Registry& Global();

 private:
  std::map<std::string, T, Compare> items_;
};

template <typename T, typename Compare>
bool Registry<T, Compare>::Add(const std::string& key, T value) {
  return items_.emplace(key, std::move(value)).second;
}

template <typename T, typename Compare>
const T* Registry<T, Compare>::Find(const std::string& key) const {
  auto it = items_.find(key);
  return it == items_.end() ? nullptr : &it->second;
}

template <typename T, typename Compare>
void Registry<T, Compare>::ForEach(const Visitor& visit) const {
  for (const auto& [key, value] : items_) visit(key, value);
}

template <typename T, typename Compare>
Registry<T, Compare>& Registry<T, Compare>::Global() {
  static Registry* instance = new Registry();  // never destroyed
  return *instance;
}

// Registers `factory` under `name`; called at static-initialization time.
NODE_EXTERN bool RegisterPluginFactory(const char* name,
                                       PluginFactory factory,
                                       int abi_version = 1);

/* Installs the process-wide log sink; pass nullptr to restore stderr. */
NODE_EXTERN void SetLogHandler(void (*handler)(int level, const char* message));

}  // namespace netkit
