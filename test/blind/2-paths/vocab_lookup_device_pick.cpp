// scenario: picks CUDA when present for a vocabulary lookup table, while the tokenizer keeps producing token ids on the host
// tier: 2
// family: device-mismatch
// expect: bug
// verified: source
// source: PyTorch v1.13.1 aten/src/ATen/core/op_registration/adaption.cpp common_device_check_failure, reached from check_and_update_common_device (adaption.h) in the generated CUDA wrapper of index_select: self on cuda:0 and index on cpu raise "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument index in method wrapper__index_select)"
// raises: Expected all tensors to be on the same device
#include <torch/torch.h>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

torch::Device pick_device() {
  const char *forced = std::getenv("LOOKUP_DEVICE");
  if (forced && std::string(forced) == "cpu")
    return torch::kCPU;
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
}

std::vector<int64_t> tokenize(const std::string &text,
                              const std::unordered_map<std::string, int64_t> &vocab) {
  std::vector<int64_t> ids;
  std::string word;
  for (char c : text + " ") {
    if (c != ' ') {
      word += c;
      continue;
    }
    auto it = vocab.find(word);
    ids.push_back(it == vocab.end() ? 1 : it->second);
    word.clear();
  }
  return ids;
}

} // namespace

int main() {
  std::unordered_map<std::string, int64_t> vocab = {{"the", 2}, {"cat", 3}, {"sat", 4}, {"mat", 5}};
  const auto device = pick_device();
  auto table = torch::randn({8, 16}).to(device);

  std::vector<std::string> batch = {"the cat sat", "the mat"};
  std::vector<torch::Tensor> pooled;
  for (const auto &text : batch) {
    auto ids_vec = tokenize(text, vocab);
    auto ids = torch::tensor(ids_vec, torch::kLong);
    if (ids.numel() == 0)
      continue;
    auto rows = table.index_select(0, ids); // BUG
    pooled.push_back(rows.mean(0));
  }
  auto sentence_vecs = torch::stack(pooled);
  std::cout << "sentence vectors " << sentence_vecs.sizes() << " on " << sentence_vecs.device() << "\n";
  return 0;
}
