// Mock of c10/util/ArrayRef.h.
#pragma once
#include <initializer_list>
#include <vector>
#include <c10/macros/Macros.h>

namespace c10 {
template <typename T>
class ArrayRef final {
  const T* Data = nullptr;
  size_t Length = 0;
 public:
  using iterator = const T*;
  using const_iterator = const T*;
  using value_type = T;
  constexpr ArrayRef() {}
  constexpr ArrayRef(const T& OneElt) : Data(&OneElt), Length(1) {}
  constexpr ArrayRef(const T* data, size_t length) : Data(data), Length(length) {}
  template <typename A>
  ArrayRef(const std::vector<T, A>& Vec) : Data(Vec.data()), Length(Vec.size()) {}
  template <size_t N>
  constexpr ArrayRef(const T (&Arr)[N]) : Data(Arr), Length(N) {}
  constexpr ArrayRef(const std::initializer_list<T>& Vec)
      : Data(Vec.begin() == Vec.end() ? nullptr : Vec.begin()), Length(Vec.size()) {}
  constexpr iterator begin() const { return Data; }
  constexpr iterator end() const { return Data + Length; }
  constexpr size_t size() const { return Length; }
  constexpr bool empty() const { return Length == 0; }
  constexpr const T& operator[](size_t Index) const { return Data[Index]; }
  std::vector<T> vec() const;
};
using IntArrayRef = ArrayRef<int64_t>;
} // namespace c10
