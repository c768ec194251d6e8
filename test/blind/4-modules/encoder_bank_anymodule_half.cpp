// scenario: a feature-encoder bank keeps AnyModule entries with the dtype each expects in an unordered_map; the text projection is stored in float16 to halve the artifact and the bank runs it on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

class EncoderBank {
 public:
  void add(const std::string &name, torch::nn::AnyModule module, torch::Dtype dtype) {
    entries_.emplace(name, Entry{std::move(module), dtype});
  }

  torch::Tensor encode(const std::string &name, const torch::Tensor &x) {
    auto &entry = entries_.at(name);
    return entry.module.forward(x.to(entry.dtype)).to(torch::kFloat); // BUG
  }

 private:
  struct Entry {
    torch::nn::AnyModule module;
    torch::Dtype dtype;
  };
  std::unordered_map<std::string, Entry> entries_;
};

int main() {
  torch::manual_seed(4);
  EncoderBank bank;

  torch::nn::Linear numeric_proj(8, 16);
  bank.add("numeric", torch::nn::AnyModule(numeric_proj), torch::kFloat);

  // 300-d word vectors to 16: shipped as fp16 with the rest of the text assets
  torch::nn::Linear text_proj(300, 16);
  text_proj->to(torch::kHalf);
  bank.add("text", torch::nn::AnyModule(text_proj), torch::kHalf);

  torch::NoGradGuard no_grad;
  auto numeric = torch::randn({4, 8});
  auto text = torch::randn({4, 300});

  std::vector<torch::Tensor> parts;
  parts.push_back(bank.encode("numeric", numeric));
  parts.push_back(bank.encode("text", text));
  auto fused = torch::cat(parts, 1);
  std::cout << "fused " << fused.sizes() << "\n";
  return 0;
}
