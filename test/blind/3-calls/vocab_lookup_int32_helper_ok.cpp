// scenario: subword vocabulary helper returns int32 ids; callers use them with embedding, index_select and index_add_, all of which take Int
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

class Vocab {
 public:
  Vocab() {
    for (const char* w : {"<pad>", "the", "cat", "sat", "on", "mat", "<unk>"})
      ids_.emplace(w, static_cast<int32_t>(ids_.size()));
  }
  torch::Tensor encode(const std::vector<std::string>& words) const {
    std::vector<int32_t> out;
    for (const auto& w : words) {
      auto it = ids_.find(w);
      out.push_back(it == ids_.end() ? ids_.at("<unk>") : it->second);
    }
    return torch::tensor(out, torch::kInt32);
  }
  int64_t size() const { return static_cast<int64_t>(ids_.size()); }

 private:
  std::map<std::string, int32_t> ids_;
};

torch::Tensor bag_of_words(const torch::Tensor& ids, int64_t vocab_size) {
  torch::Tensor counts = torch::zeros({vocab_size});
  return counts.index_add_(0, ids, torch::ones({ids.size(0)}));
}

torch::Tensor sentence_vector(const torch::Tensor& table, const torch::Tensor& ids) {
  return torch::embedding(table, ids).mean(0);
}

int main() {
  torch::manual_seed(61);
  Vocab vocab;
  torch::Tensor table = torch::randn({vocab.size(), 4});

  torch::Tensor ids = vocab.encode({"the", "cat", "sat", "on", "the", "dog"});
  torch::Tensor bow = bag_of_words(ids, vocab.size());
  torch::Tensor vec = sentence_vector(table, ids);
  torch::Tensor rows = table.index_select(0, ids);

  std::cout << "ids " << ids << "\nbow " << bow << "\n";
  std::cout << "sentence " << vec << "\nrows " << rows.sizes() << "\n";
  return 0;
}
