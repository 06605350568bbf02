// Copyright 2024 The Netkit Authors. All rights reserved.
// Use of this source code is governed by a BSD-style license that can be
// found in the LICENSE file.

#include "buffer.h"

#include <cstdlib>
#include <iomanip>
#include <utility>

namespace netkit {
namespace io {

namespace {

constexpr size_t kMinCapacity = 64;

// Rounds `n` up to a power of two, never below kMinCapacity.
size_t RoundCapacity(size_t n) {
  size_t cap = kMinCapacity;
  while (cap < n) cap <<= 1;
  return cap;
}

}  // namespace

/* The count of live buffers, checked for leaks at exit. */
static size_t live_buffers = 0;

static void NoteAllocation(int delta) {
  live_buffers += delta;
}

Buffer::Buffer(size_t n) : data_(n) { NoteAllocation(1); }

Buffer::Buffer(const uint8_t* data, size_t length)
    : data_(data, data + length) {
  NoteAllocation(1);
}

Buffer::Buffer(Buffer&& other) noexcept
    : data_(std::move(other.data_)),
      free_callback_(other.free_callback_),
      hint_(other.hint_) {
  // The moved-from buffer no longer owns the storage.
  other.free_callback_ = nullptr;
}

Buffer::~Buffer() {
  if (free_callback_ != nullptr)
    free_callback_(data_.data(), data_.size(), hint_);
  NoteAllocation(-1);
}

void Buffer::Append(const uint8_t* data, size_t len, bool flush) {
  Grow(data_.size() + len);
  data_.insert(data_.end(), data, data + len);
  if (flush) data_.shrink_to_fit();
}

uint8_t Buffer::operator[](size_t index) const { return data_[index]; }

uint8_t& Buffer::operator[](size_t index) { return data_[index]; }

bool Buffer::operator==(const Buffer& other) const {
  return data_ == other.data_;
}

Buffer Buffer::FromString(std::string_view text, Encoding encoding) {
  Buffer out;
  switch (encoding) {
    case Encoding::kUtf8:
    case Encoding::kLatin1:
      out.Append(reinterpret_cast<const uint8_t*>(text.data()), text.size());
      break;
    case Encoding::kBase64:
      // Decoding lives in base64.cc; an empty buffer marks bad input.
      break;
  }
  return out;
}

void Buffer::SetFreeCallback(FreeCallback callback, void* hint) {
  free_callback_ = callback;
  hint_ = hint;
}

/// Reserves room for `wanted` bytes, rounding the capacity up.
void Buffer::Grow(size_t wanted) {
  if (wanted > data_.capacity()) data_.reserve(RoundCapacity(wanted));
}

// ---------------------------------------------------------------------------
// Free functions
// ---------------------------------------------------------------------------

std::ostream& operator<<(std::ostream& os, const Buffer& buf) {
  os << "<Buffer";
  buf.ForEachChunk(
      [&os](const uint8_t* bytes, size_t n) {
        for (size_t i = 0; i < n; ++i)
          os << ' ' << std::hex << std::setw(2) << std::setfill('0')
             << static_cast<int>(bytes[i]);
      },
      16);
  return os << '>';
}

Buffer* CreateBuffer(size_t n) { return new Buffer(n); }

void ReleaseBuffer(Buffer* buffer) { delete buffer; }

}  // namespace io
}  // namespace netkit

// How many buffers are alive (declared in the namespace elsewhere, defined here).
size_t netkit::io::LiveBufferCount() { return live_buffers; }

/* Called by the test runner at exit: aborts when a buffer leaked. */
extern "C" void netkit_check_leaks(void) {
  if (netkit::io::live_buffers != 0) std::abort();
}
