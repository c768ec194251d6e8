// scenario: extractive-QA span loss wraps the tokenizer's int64 answer positions with from_blob using the config's int32 position dtype
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct SpanConfig {
  int64_t max_seq_len = 16;
  int64_t hidden = 32;
  // The exported serving graph takes int32 position inputs; training reuses the setting.
  torch::Dtype position_dtype = torch::kInt32;
};

struct EncodedBatch {
  std::vector<int64_t> input_ids;     // batch * max_seq_len
  std::vector<int64_t> answer_start;  // token index per example
  std::vector<int64_t> answer_end;
};

class QaTokenizer {
public:
  int64_t idFor(const std::string &word) {
    auto it = vocab_.find(word);
    if (it != vocab_.end())
      return it->second;
    int64_t id = static_cast<int64_t>(vocab_.size()) + 1; // 0 is padding
    vocab_.emplace(word, id);
    return id;
  }

  // Encodes "context" and finds the answer words inside it.
  void add(EncodedBatch &out, const std::string &context, const std::string &answer, int64_t max_len) {
    std::vector<int64_t> ids;
    std::istringstream in(context);
    std::string w;
    while (in >> w && static_cast<int64_t>(ids.size()) < max_len)
      ids.push_back(idFor(w));
    std::istringstream ans(answer);
    std::vector<int64_t> answer_ids;
    while (ans >> w)
      answer_ids.push_back(idFor(w));
    int64_t start = 0;
    for (size_t i = 0; i + answer_ids.size() <= ids.size(); ++i)
      if (std::equal(answer_ids.begin(), answer_ids.end(), ids.begin() + i)) {
        start = static_cast<int64_t>(i);
        break;
      }
    ids.resize(static_cast<size_t>(max_len), 0);
    out.input_ids.insert(out.input_ids.end(), ids.begin(), ids.end());
    out.answer_start.push_back(start);
    out.answer_end.push_back(start + static_cast<int64_t>(answer_ids.size()) - 1);
  }

  int64_t size() const { return static_cast<int64_t>(vocab_.size()) + 1; }

private:
  std::unordered_map<std::string, int64_t> vocab_;
};

torch::Tensor logitsAt(const torch::Tensor &log_probs, std::vector<int64_t> &positions,
                       torch::Dtype position_dtype) {
  const int64_t n = static_cast<int64_t>(positions.size());
  return log_probs.gather(1, torch::from_blob(positions.data(), {n, 1}, position_dtype)).squeeze(1); // BUG
}

torch::Tensor spanLoss(const torch::Tensor &start_logits, const torch::Tensor &end_logits,
                       EncodedBatch &batch, const SpanConfig &cfg) {
  torch::Tensor start_lp = torch::log_softmax(start_logits, 1);
  torch::Tensor end_lp = torch::log_softmax(end_logits, 1);
  torch::Tensor nll_start = -logitsAt(start_lp, batch.answer_start, cfg.position_dtype);
  torch::Tensor nll_end = -logitsAt(end_lp, batch.answer_end, cfg.position_dtype);
  return (nll_start + nll_end).mean() * 0.5;
}

} // namespace

int main() {
  torch::manual_seed(13);
  SpanConfig cfg;
  QaTokenizer tokenizer;
  EncodedBatch batch;
  tokenizer.add(batch, "the tower was finished in 1889 for the fair", "1889", cfg.max_seq_len);
  tokenizer.add(batch, "she moved to lyon after the war ended", "lyon", cfg.max_seq_len);
  tokenizer.add(batch, "the river flows north into the baltic sea", "the baltic sea", cfg.max_seq_len);
  const int64_t n = static_cast<int64_t>(batch.answer_start.size());

  torch::nn::Embedding embed(tokenizer.size() + 8, cfg.hidden);
  torch::nn::Linear qa_outputs(cfg.hidden, 2);
  torch::Tensor input_ids = torch::tensor(batch.input_ids).view({n, cfg.max_seq_len});
  torch::Tensor pad_mask = input_ids.eq(0);

  torch::Tensor hidden = torch::tanh(embed->forward(input_ids));
  auto split = qa_outputs->forward(hidden).unbind(-1);
  torch::Tensor start_logits = split[0].masked_fill(pad_mask, -1e4);
  torch::Tensor end_logits = split[1].masked_fill(pad_mask, -1e4);

  torch::Tensor loss = spanLoss(start_logits, end_logits, batch, cfg);
  loss.backward();
  std::cout << "span loss " << loss.item<float>() << "\n";
  return 0;
}
