// scenario: label encoder templated on the element type builds class-id and sample-weight tensors for a weighted cross-entropy
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

template <typename T>
torch::Tensor toTensor(const std::vector<T> &values) {
  auto out = torch::empty({static_cast<int64_t>(values.size())},
                          torch::TensorOptions().dtype(torch::CppTypeToScalarType<T>::value));
  std::copy(values.begin(), values.end(), out.template data_ptr<T>());
  return out;
}

template <typename Label>
std::vector<Label> encodeLabels(const std::vector<std::string> &names,
                                const std::map<std::string, Label> &vocab) {
  std::vector<Label> ids;
  ids.reserve(names.size());
  for (const auto &name : names)
    ids.push_back(vocab.at(name));
  return ids;
}

int main() {
  const std::map<std::string, int64_t> vocab = {{"cat", 0}, {"dog", 1}, {"bird", 2}};
  const std::vector<std::string> annotations = {"dog", "cat", "cat", "bird", "dog", "cat"};
  const std::vector<double> confidence = {1.0, 0.9, 0.5, 1.0, 0.7, 1.0};

  auto labels = toTensor(encodeLabels(annotations, vocab));
  auto sampleWeights = toTensor(confidence);

  torch::manual_seed(31);
  const int64_t n = static_cast<int64_t>(annotations.size());
  auto features = torch::randn({n, 10});
  torch::nn::Linear head(10, static_cast<int64_t>(vocab.size()));

  auto perSample = F::cross_entropy(head(features), labels,
                                    F::CrossEntropyFuncOptions().reduction(torch::kNone));
  auto weighted = (perSample * sampleWeights).sum() / sampleWeights.sum();
  weighted.backward();

  std::cout << "labels " << labels.dtype() << ", weights " << sampleWeights.dtype()
            << ", weighted loss " << weighted.item<double>() << " ("
            << weighted.dtype() << ")\n";
  return 0;
}
