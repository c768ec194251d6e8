// scenario: zero-copy ingestion of typed host buffers (uint8 pixels, int64 labels, double readings, int32 ids) with the dtype derived from the element type
// tier: 3
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <array>
#include <cstdint>
#include <iostream>
#include <vector>

template <typename T>
torch::Tensor wrap(T* data, torch::IntArrayRef shape) {
  constexpr torch::ScalarType st = c10::CppTypeToScalarType<T>::value;
  return torch::from_blob(data, shape, torch::TensorOptions().dtype(st));
}

template <typename Container>
torch::Tensor wrap_all(Container& c) {
  return wrap(c.data(), {static_cast<int64_t>(c.size())});
}

int main() {
  std::vector<uint8_t> pixels = {0, 64, 128, 255, 32, 16};
  std::vector<int64_t> labels = {0, 2, 1};
  std::vector<double> readings = {0.25, 0.5, 0.125};
  std::array<int32_t, 4> ids = {2, 1, 0, 2};

  torch::Tensor img = wrap(pixels.data(), {3, 2}).to(torch::kFloat).div(255.0);
  torch::Tensor y = wrap_all(labels);
  torch::Tensor r = wrap_all(readings).to(torch::kFloat);
  torch::Tensor idx = wrap_all(ids);

  torch::Tensor logits = img.matmul(torch::ones({2, 3}));
  torch::Tensor loss = torch::nn::functional::cross_entropy(logits, y);
  torch::Tensor picked = r.index_select(0, idx.slice(0, 0, 3));
  std::cout << "loss " << loss.item<float>() << " picked " << picked << "\n";
  std::cout << "dtypes " << img.dtype() << " " << y.dtype() << " " << idx.dtype() << "\n";
  return 0;
}
