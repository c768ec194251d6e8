// Mock of torch/csrc/api/include/torch/nn/{module,pimpl,cloneable}.h.
#pragma once
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <torch/types.h>

namespace torch {
namespace detail {
struct ModuleHolderIndicator {};
template <bool is_module_holder, typename T, typename C>
struct is_module_holder_of_impl;
template <typename T, typename C>
struct is_module_holder_of_impl<false, T, C> : std::false_type {};
template <typename T, typename C>
struct is_module_holder_of_impl<true, T, C>
    : std::is_same<typename T::ContainedType, C> {};
template <typename T, typename C>
struct is_module_holder_of
    : is_module_holder_of_impl<
          std::is_base_of<ModuleHolderIndicator, std::decay_t<T>>::value,
          std::decay_t<T>, C> {};
template <typename C, typename... Args>
using return_type_of_forward_t =
    decltype(std::declval<C&>().forward(std::declval<Args>()...));
} // namespace detail

template <typename Key, typename Value>
class OrderedDict {
 public:
  class Item {
   public:
    const Key& key() const noexcept;
    Value& value() noexcept;
    const Value& value() const noexcept;

  private:
    std::pair<Key, Value> pair_;
  };
  // (as the real one: iterators of its std::vector of items)
  using Iterator = typename std::vector<Item>::iterator;
  using ConstIterator = typename std::vector<Item>::const_iterator;
  Iterator begin();
  Iterator end();
  ConstIterator begin() const;
  ConstIterator end() const;
  size_t size() const noexcept;
  Value& operator[](const Key& key);
};

namespace nn {
template <typename Contained>
class ModuleHolder;

class TORCH_API Module : public std::enable_shared_from_this<Module> {
 public:
  explicit Module(std::string name);
  Module();
  virtual ~Module() = default;

  const std::string& name() const noexcept;
  virtual std::shared_ptr<Module> clone(const c10::optional<Device>& device = c10::nullopt) const;
  std::vector<Tensor> parameters(bool recurse = true) const;
  std::vector<Tensor> buffers(bool recurse = true) const;
  OrderedDict<std::string, Tensor> named_parameters(bool recurse = true) const;
  OrderedDict<std::string, Tensor> named_buffers(bool recurse = true) const;
  std::vector<std::shared_ptr<Module>> modules(bool include_self = true) const;
  std::vector<std::shared_ptr<Module>> children() const;
  virtual void train(bool on = true);
  void eval();
  virtual bool is_training() const noexcept;
  virtual void to(torch::Device device, torch::Dtype dtype, bool non_blocking = false);
  virtual void to(torch::Dtype dtype, bool non_blocking = false);
  virtual void to(torch::Device device, bool non_blocking = false);
  virtual void zero_grad(bool set_to_none = false);
  virtual void reset() {}

  Tensor& register_parameter(std::string name, Tensor tensor, bool requires_grad = true);
  Tensor& register_buffer(std::string name, Tensor tensor);
  template <typename ModuleType>
  std::shared_ptr<ModuleType> register_module(std::string name, std::shared_ptr<ModuleType> module);
  template <typename ModuleType>
  std::shared_ptr<ModuleType> register_module(std::string name, ModuleHolder<ModuleType> module_holder);
  template <typename ModuleType>
  std::shared_ptr<ModuleType> replace_module(const std::string& name, std::shared_ptr<ModuleType> module);
  template <typename ModuleType>
  std::shared_ptr<ModuleType> replace_module(const std::string& name, ModuleHolder<ModuleType> module_holder);
  void unregister_module(const std::string& name);
};

template <typename Derived>
class Cloneable : public virtual Module {
 public:
  using Module::Module;
  virtual void reset() override = 0;
};

template <typename Contained>
class ModuleHolder : torch::detail::ModuleHolderIndicator {
 protected:
  std::shared_ptr<Contained> impl_;

 public:
  using ContainedType = Contained;

  ModuleHolder() : impl_(default_construct()) {}
  /* implicit */ ModuleHolder(std::nullptr_t) : impl_(nullptr) {}
  template <typename Head, typename... Tail,
            typename = typename std::enable_if<
                !(torch::detail::is_module_holder_of<Head, ContainedType>::value &&
                  (sizeof...(Tail) == 0))>::type>
  explicit ModuleHolder(Head&& head, Tail&&... tail)
      : impl_(new Contained(std::forward<Head>(head), std::forward<Tail>(tail)...)) {}
  /* implicit */ ModuleHolder(std::shared_ptr<Contained> module) : impl_(std::move(module)) {}

  explicit operator bool() const noexcept { return !is_empty(); }
  Contained* operator->() { return get(); }
  const Contained* operator->() const { return get(); }
  Contained& operator*() { return *get(); }
  const Contained& operator*() const { return *get(); }
  const std::shared_ptr<Contained>& ptr() const { return impl_; }
  Contained* get() { return impl_.get(); }
  const Contained* get() const { return impl_.get(); }

  template <typename... Args>
  auto operator()(Args&&... args)
      -> torch::detail::return_type_of_forward_t<Contained, Args...> {
    return impl_->forward(::std::forward<Args>(args)...);
  }

  bool is_empty() const noexcept { return impl_ == nullptr; }

 private:
  template <typename T = Contained,
            typename = std::enable_if_t<std::is_default_constructible<T>::value>>
  std::shared_ptr<Contained> default_construct() {
    return std::make_shared<Contained>();
  }
  template <typename T = Contained>
  std::enable_if_t<!std::is_default_constructible<T>::value, std::shared_ptr<Contained>>
  default_construct() {
    return nullptr;
  }
};

template <typename ModuleType>
std::shared_ptr<ModuleType> Module::register_module(std::string name, std::shared_ptr<ModuleType> module) {
  (void)name;
  return module;
}
template <typename ModuleType>
std::shared_ptr<ModuleType> Module::register_module(std::string name, ModuleHolder<ModuleType> module_holder) {
  return register_module(std::move(name), module_holder.ptr());
}
} // namespace nn
} // namespace torch

#define TORCH_UNUSED_EXCEPT_CUDA
#define TORCH_MODULE_IMPL(Name, ImplType)                              \
  class Name : public torch::nn::ModuleHolder<ImplType> { /* NOLINT */ \
   public:                                                             \
    using torch::nn::ModuleHolder<ImplType>::ModuleHolder;             \
    using Impl TORCH_UNUSED_EXCEPT_CUDA = ImplType;                    \
  }
#define TORCH_MODULE(Name) TORCH_MODULE_IMPL(Name, Name##Impl)

#define TORCH_ARG(T, name)                                              \
 public:                                                                \
  inline auto name(const T& new_##name)->decltype(*this) { /* NOLINT */ \
    this->name##_ = new_##name;                                         \
    return *this;                                                       \
  }                                                                     \
  inline auto name(T&& new_##name)->decltype(*this) { /* NOLINT */      \
    this->name##_ = std::move(new_##name);                              \
    return *this;                                                       \
  }                                                                     \
  inline const T& name() const noexcept { /* NOLINT */                  \
    return this->name##_;                                               \
  }                                                                     \
  inline T& name() noexcept { /* NOLINT */                              \
    return this->name##_;                                               \
  }                                                                     \
                                                                        \
 private:                                                               \
  T name##_ /* NOLINT */
