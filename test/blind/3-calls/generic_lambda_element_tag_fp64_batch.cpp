// scenario: batch collation uses a generic lambda taking an element-type tag; the loader passes double{} because the CSV parser produces doubles, and the float32 model gets float64 batches
// tier: 3
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <vector>

template <typename Row>
std::vector<torch::Tensor> collate(const std::vector<Row>& rows, size_t batch_size,
                                   const std::function<torch::Tensor(const Row&)>& to_tensor) {
  std::vector<torch::Tensor> batches;
  for (size_t i = 0; i < rows.size(); i += batch_size) {
    std::vector<torch::Tensor> items;
    for (size_t j = i; j < std::min(rows.size(), i + batch_size); ++j)
      items.push_back(to_tensor(rows[j]));
    batches.push_back(torch::stack(items));
  }
  return batches;
}

double score_batches(torch::nn::Sequential model, const std::vector<torch::Tensor>& batches) {
  torch::NoGradGuard no_grad;
  double total = 0.0;
  for (const auto& b : batches) {
    auto probs = torch::sigmoid(model->forward(b)); // BUG
    total += probs.sum().item<double>();
  }
  return total;
}

int main() {
  torch::manual_seed(113);
  auto as_elements = [](auto tag, const std::vector<double>& values) {
    using T = decltype(tag);
    return torch::tensor(values).to(c10::CppTypeToScalarType<T>::value);
  };

  std::vector<std::vector<double>> rows;
  for (int i = 0; i < 10; ++i)
    rows.push_back({0.1 * i, 1.0 - 0.1 * i, 0.5, static_cast<double>(i % 3)});

  auto batches = collate<std::vector<double>>(
      rows, 4, [&](const std::vector<double>& r) { return as_elements(double{}, r); });

  torch::nn::Sequential model(torch::nn::Linear(4, 8), torch::nn::ReLU(), torch::nn::Linear(8, 1));
  std::cout << "expected positives " << score_batches(model, batches) << "\n";
  return 0;
}
