// Copyright 2024 The Netkit Authors. All rights reserved.
// Use of this source code is governed by a BSD-style license that can be
// found in the LICENSE file.

#ifndef NETKIT_IO_BUFFER_H_
#define NETKIT_IO_BUFFER_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

#if defined(_WIN32)
#define NODE_EXTERN __declspec(dllexport)
#else
#define NODE_EXTERN __attribute__((visibility("default")))
#endif

namespace netkit::io {

/// How a buffer's bytes are read back as text.
enum class Encoding : uint8_t {
  kUtf8,
  kLatin1,
  kBase64,  // padded, RFC 4648
};

typedef void (*FreeCallback)(void* data, size_t length, void* hint);

using ByteSpan = std::basic_string_view<uint8_t>;

/**
 * A growable, owned run of bytes.
 *
 * Not thread-safe: callers serialize access.
 */
class NODE_EXTERN Buffer {
 public:
  // Where a read starts from.
  enum Origin { kStart, kCurrent, kEnd };

  Buffer() = default;
  /// Allocates `n` zeroed bytes.
  explicit Buffer(size_t n);
  Buffer(const uint8_t* data, size_t length);
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& other) noexcept;
  ~Buffer();

  /// Appends `len` bytes, growing the storage when needed.
  void Append(const uint8_t* data, size_t len, bool flush = false);
  void Append(ByteSpan bytes) { Append(bytes.data(), bytes.size()); }

  [[nodiscard]] size_t size() const { return data_.size(); }
  [[nodiscard]] bool empty() const { return data_.empty(); }

  uint8_t operator[](size_t index) const;
  uint8_t& operator[](size_t index);
  bool operator==(const Buffer& other) const;
  explicit operator bool() const { return !empty(); }

  // Decodes `text` in the given encoding; invalid input yields an empty
  // buffer.
  static Buffer FromString(std::string_view text,
                           Encoding encoding = Encoding::kUtf8);

  template <typename Visitor>
  void ForEachChunk(Visitor&& visit, size_t chunk = 4096) const {
    for (size_t at = 0; at < data_.size(); at += chunk) {
      visit(data_.data() + at, std::min(chunk, data_.size() - at));
    }
  }

  void SetFreeCallback(FreeCallback callback, void* hint);

 private:
  void Grow(size_t);

  std::vector<uint8_t> data_;
  FreeCallback free_callback_ = nullptr;
  void* hint_ = nullptr;
};

/** Writes a short hex dump of `buf`, for logging. */
NODE_EXTERN std::ostream& operator<<(std::ostream& os, const Buffer& buf);

NODE_EXTERN Buffer* CreateBuffer(size_t n);
NODE_EXTERN void ReleaseBuffer(Buffer* buffer);

// Returns how many leading bytes of `buf` equal those of `other`.
inline size_t CommonPrefix(const Buffer& buf, const Buffer& other) {
  size_t n = 0;
  while (n < buf.size() && n < other.size() && buf[n] == other[n]) ++n;
  return n;
}

template <typename T>
T ReadLittleEndian(const Buffer& buf, size_t offset) {
  T value{};
  for (size_t i = 0; i < sizeof(T); ++i)
    value |= static_cast<T>(buf[offset + i]) << (8 * i);
  return value;
}

}  // namespace netkit::io

#endif  // NETKIT_IO_BUFFER_H_
