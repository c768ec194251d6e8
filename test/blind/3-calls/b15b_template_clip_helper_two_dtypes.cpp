// scenario: a sanitiser template clips tensors in place with bounds of the tensor's own C++ type: instantiated for int64 token ids (int64_t bounds) and float activations (double bounds), plus a variadic report template over mixed-dtype tensors
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <type_traits>

template <typename T>
int64_t clip_inplace(torch::Tensor &t, T lo, T hi) {
  if constexpr (std::is_integral_v<T>) {
    TORCH_CHECK(!t.is_floating_point(), "integer bounds for a floating tensor");
  } else {
    TORCH_CHECK(t.is_floating_point(), "floating bounds for an integer tensor");
  }
  auto outside = t.lt(lo).logical_or(t.gt(hi)).sum().template item<int64_t>();
  t.clamp_(lo, hi);
  return outside;
}

template <typename... Ts>
void report(const char *tag, const Ts &...tensors) {
  std::cout << tag << ":";
  ((std::cout << " " << tensors.scalar_type() << tensors.sizes()), ...);
  std::cout << "\n";
}

int main() {
  torch::manual_seed(9);
  const int64_t vocab = 100;
  auto token_ids = torch::randint(-5, vocab + 20, {2, 10}, torch::kLong);
  auto activations = torch::randn({2, 10, 4}) * 4;
  auto attention = token_ids.ge(0);

  report("before", token_ids, activations, attention);
  int64_t bad_ids = clip_inplace<int64_t>(token_ids, 0, vocab - 1);
  int64_t saturated = clip_inplace(activations, -3.0, 3.0);
  report("after", token_ids, activations, attention);

  auto table = torch::randn({vocab, 4});
  auto embedded = torch::embedding(table, token_ids) + activations;
  auto pooled = (embedded * attention.unsqueeze(-1)).sum(1) /
                attention.sum(1, /*keepdim=*/true).clamp_min(1);

  std::cout << "clipped ids " << bad_ids << " saturated " << saturated
            << " pooled " << pooled.sizes() << "\n";
  return token_ids.max().item<int64_t>() < vocab && pooled.scalar_type() == torch::kFloat ? 0
                                                                                          : 1;
}
